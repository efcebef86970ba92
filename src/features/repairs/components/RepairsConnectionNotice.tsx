import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { connectionStatusQuery } from '#src/lib/connections.ts';

/**
 * Up front on the screens that refresh repairs or watch devices: the server has no repair-status
 * provider (production without one), so those actions would be refused (REPAIRS_NOT_CONFIGURED).
 * Taking devices in and editing them still work.
 */
export function RepairsConnectionNotice() {
  const status = useQuery(connectionStatusQuery());
  if (status.data?.repairs !== 'missing') return null;
  return (
    <Alert color="orange" role="alert" data-testid="repairs-not-configured">
      <Trans>
        Repair status lookups are not configured on this server: refreshing and watching repair progress
        cannot run, and no points will be used. You can still take devices in and edit them. Ask your
        administrator to configure a repair-status provider.
      </Trans>
    </Alert>
  );
}
