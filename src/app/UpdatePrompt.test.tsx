import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import { configureOutbox, callOrQueue, discardAllOf, refreshOutbox } from '#src/lib/offline/outbox.ts';
import { Providers } from './providers.tsx';
import { setUpdateWaiting } from './service-worker.ts';
import { UpdatePrompt } from './UpdatePrompt.tsx';

afterEach(async () => {
  setUpdateWaiting(false);
  await discardAllOf(1);
  vi.restoreAllMocks();
});

const renderPrompt = () =>
  render(
    <Providers queryClient={new QueryClient()}>
      <UpdatePrompt />
    </Providers>,
  );

describe('the update prompt', () => {
  it('shows only when a new version waits, and offers it', async () => {
    renderPrompt();
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    act(() => setUpdateWaiting(true));
    expect(await screen.findByText('新版本已就绪。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '更新' }).hasAttribute('disabled')).toBe(false);
  });

  it('cannot be accepted while the outbox holds writes', async () => {
    configureOutbox({ currentUserId: () => 1, notify: () => undefined, onReplayed: () => undefined });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await callOrQueue(endpoints.editUser, { user_id: 2, real_name: '离线' });
    await refreshOutbox();
    renderPrompt();
    act(() => setUpdateWaiting(true));
    expect(await screen.findByText(/1 条未发送的修改发送后即可更新/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '更新' }).hasAttribute('disabled')).toBe(true);
  });
});
