import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Modal } from '@mantine/core';
import { QueryClient } from '@tanstack/react-query';
import { activateLanguage } from '#src/lib/i18n.ts';
import { notify } from '#src/ui/notify.ts';
import { hideLoadingOverlay, showLoadingOverlay } from '#src/lib/loading-overlay.ts';
import { MantineScope } from '#src/ui/mantine-scope.tsx';
import { Providers } from './providers.tsx';

afterEach(async () => {
  await activateLanguage('zh');
});

describe('the providers', () => {
  it("name every modal's close button in the current language, also after a language switch", async () => {
    render(
      <Providers queryClient={new QueryClient()}>
        {/* Pages get Mantine from the root layout's scope (decision 0025). */}
        <MantineScope>
          <Modal opened onClose={() => undefined} title="x" transitionProps={{ duration: 0 }}>
            body
          </Modal>
        </MantineScope>
      </Providers>,
    );
    expect(await screen.findByRole('button', { name: '关闭' })).toBeTruthy();
    await act(() => activateLanguage('en'));
    expect(await screen.findByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('show a toast asked for before the notifications were loaded, with a named close button', async () => {
    render(
      <Providers queryClient={new QueryClient()}>
        <p>page</p>
      </Providers>,
    );
    act(() => notify('error', 'Could not save'));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Could not save');
    expect(screen.getByRole('button', { name: '关闭' })).toBeTruthy();
  });

  it('show the loading overlay (its view fetched when first shown) and take it away when done', async () => {
    render(
      <Providers queryClient={new QueryClient()}>
        <p>page</p>
      </Providers>,
    );
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    act(() => showLoadingOverlay());
    const overlay = await screen.findByTestId('loading-overlay');
    expect(overlay.textContent).toBe('解析表格中,请稍后...');
    act(() => hideLoadingOverlay());
    await waitFor(() => expect(screen.queryByTestId('loading-overlay')).toBeNull());
  });
});
