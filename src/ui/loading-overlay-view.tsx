import { LoadingOverlay, Stack, Loader, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

// Its own chunk, fetched the first time the overlay shows (src/ui/GlobalLoadingOverlay.tsx): Mantine's
// LoadingOverlay brings Overlay, Transition and their styles, which the sign-in page never needs.

/** The overlay of spec section 4, with its text '解析表格中,请稍后...' (in zh). */
export const overlay = (visible: boolean) => (
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
