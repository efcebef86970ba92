import { Alert, Button, Code, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Trans } from '@lingui/react/macro';

/** The spec's load-error codes of the template applications (section 8). */
export type KitLoadErrorCode = 'error:getContacts' | 'error:getTodoItems' | 'error:getSurveyItem';

/** A list or item that could not be loaded: the spec's code, a plain sentence and a retry. */
export function LoadError({ code, onRetry }: { code: KitLoadErrorCode; onRetry?: () => void }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      data-testid="load-error"
      role="alert"
    >
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Code data-testid="load-error-code">{code}</Code>
          <Text size="sm" mt={4}>
            <Trans>This could not be loaded. Check the network, or whether the item still exists.</Trans>
          </Text>
        </div>
        {onRetry && (
          <Button variant="light" color="red" size="xs" onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        )}
      </Group>
    </Alert>
  );
}
