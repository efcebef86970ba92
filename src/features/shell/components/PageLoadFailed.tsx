import { useId } from 'react';
import { Button, Center, CloseButton, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CHUNK_LOAD_TIMEOUT_MS } from '../chunk-load.ts';
import { useLoadTimeout } from '../use-load-timeout.ts';

/** Reloads the page: the router context's reload when it has one (tests record it), else the browser's. */
function useReload(): () => void {
  const router = useRouter();
  return () => {
    const context = router.options.context as { reload?: () => void } | undefined;
    if (context?.reload) context.reload();
    else window.location.reload();
  };
}

function LoadFailedMessage({ onRetry }: { onRetry: () => void }) {
  return (
    <Stack align="center" gap="md" maw={480} role="alert" data-testid="page-load-failed">
      <IconWifiOff size={44} stroke={1.5} aria-hidden />
      <Text ta="center" fz="lg">
        <Trans>This page could not be loaded. Check the connection and try again.</Trans>
      </Text>
      <Button leftSection={<IconRefresh size={18} />} onClick={onRetry}>
        <Trans>Retry</Trans>
      </Button>
    </Stack>
  );
}

/** A page whose code could not be fetched (a route's error component shows it). Retry reloads. */
export function PageLoadFailed({ onRetry }: { onRetry?: () => void }) {
  const reload = useReload();
  return (
    <Center mih="60vh" p="md">
      <LoadFailedMessage onRetry={onRetry ?? reload} />
    </Center>
  );
}

/**
 * Watches the router: when a navigation is still loading after `timeoutMs` (120 s, spec section 9),
 * it offers a reload over whatever is shown (use-load-timeout.ts); it can be closed to keep waiting.
 */
export function LoadTimeoutNotice({
  onRetry,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
}: {
  onRetry?: () => void;
  timeoutMs?: number;
}) {
  const { opened, close } = useLoadTimeout(timeoutMs);
  return opened ? <LoadTimeoutCard onRetry={onRetry} onClose={close} /> : null;
}

/** The time-out notice itself: a card over the page. */
export function LoadTimeoutCard({ onRetry, onClose }: { onRetry?: () => void; onClose(): void }) {
  const { t } = useLingui();
  const reload = useReload();
  const titleId = useId();
  // A card over the page, not a Modal (focus trap, scroll area, floating-ui: ~30 kB after gzip) nor
  // a Dialog (a portal and transitions).
  return (
    <Paper
      role="alertdialog"
      aria-labelledby={titleId}
      pos="fixed"
      top={80}
      left="50%"
      style={{ transform: 'translateX(-50%)', zIndex: 'var(--mantine-z-index-popover)' }}
      w={400}
      maw="calc(100vw - 32px)"
      p="md"
      shadow="md"
      withBorder
    >
      <Group justify="space-between" wrap="nowrap" mb="sm">
        <Text fw={600} id={titleId}>
          <Trans>The page is taking too long to load</Trans>
        </Text>
        <CloseButton aria-label={t`Close`} onClick={onClose} />
      </Group>
      <Center pb="md">
        <LoadFailedMessage onRetry={onRetry ?? reload} />
      </Center>
    </Paper>
  );
}

/**
 * A route's pending component: a loader, and the 120 s time-out notice. The root route uses it;
 * set as the router's defaultPendingComponent it also covers the first load of a lazy page (where
 * nothing of the app is on screen yet to host the notice).
 */
export function RoutePending() {
  return (
    <Center mih="60vh">
      <Loader aria-hidden />
      <LoadTimeoutNotice />
    </Center>
  );
}
