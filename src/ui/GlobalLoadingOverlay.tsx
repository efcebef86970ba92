import { LoadingOverlay, Stack, Loader, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useLoadingOverlayVisible } from '#src/lib/loading-overlay.ts';

/** The overlay of spec section 4, with its text '解析表格中,请稍后...' (in zh). */
export function GlobalLoadingOverlay() {
  const visible = useLoadingOverlayVisible();
  return (
    <LoadingOverlay
      visible={visible}
      zIndex={1000}
      pos="fixed"
      overlayProps={{ blur: 1 }}
      loaderProps={{
        children: (
          <Stack align="center" gap="sm" role="status" aria-live="polite" data-testid="loading-overlay">
            <Loader />
            <Text fw={500}>
              <Trans>Parsing the spreadsheet, please wait...</Trans>
            </Text>
          </Stack>
        ),
      }}
    />
  );
}
