import { Alert } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

/**
 * Said where a code would be sent when the server has no SMS provider (production without one): no
 * code can arrive, so the user is told plainly instead of waiting for one.
 */
export function SmsUnavailableNotice() {
  return (
    <Alert color="orange" role="alert" data-testid="sms-not-configured">
      <Trans>
        Text messages are not configured on this server, so no code can be sent. Please contact your
        administrator.
      </Trans>
    </Alert>
  );
}
