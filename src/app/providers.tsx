import type { ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { i18n } from '#src/lib/i18n.ts';
import { theme } from '#src/ui/theme.ts';

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <Notifications position="top-center" limit={4} />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nProvider>
  );
}
