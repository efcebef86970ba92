import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { connectionStatusQuery } from '#src/lib/connections.ts';

/**
 * Up front on the screens that order checks: the server has no device-check provider (production
 * without one), so an order would be refused (CHECKS_NOT_CONFIGURED). Nothing when it has one or
 * the sandbox (whose results are marked as sandbox data where they are shown).
 */
export function ChecksConnectionNotice() {
  const status = useQuery(connectionStatusQuery());
  if (status.data?.checks !== 'missing') return null;
  return (
    <Alert color="orange" role="alert" data-testid="checks-not-configured">
      <Trans>
        Device checks are not configured on this server: new check orders, added devices and ID-lock or
        network-lock watching cannot run, and no points will be used. Ask your administrator to configure a
        device-check provider.
      </Trans>
    </Alert>
  );
}
