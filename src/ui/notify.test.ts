import { notifications } from '@mantine/notifications';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_NOTIFICATION_MS, clearStaleToasts, loadNotifications, notify } from './notify.ts';

/** What reached Mantine's notifications, as [color, message] pairs. */
let shown: [string | undefined, string][] = [];
let testHour = 0;

// The toasts' chunk is there (what happens before it arrives: the queue tests below).
beforeAll(() => loadNotifications());

beforeEach(() => {
  shown = [];
  vi.spyOn(notifications, 'show').mockImplementation((data) => {
    shown.push([data.color, String(data.message)]);
    return 'id';
  });
  vi.useFakeTimers({ toFake: ['Date'] });
  // Each test starts an hour after the previous one: nothing of another test is still on screen.
  testHour += 1;
  vi.setSystemTime(new Date(Date.UTC(2026, 10, 25, testHour)));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('clearStaleToasts: warnings and errors of an earlier attempt or page go (issue 27)', () => {
  it('hides the warnings and errors asked for before the moment given, and no other toast', () => {
    const hidden: string[] = [];
    vi.spyOn(notifications, 'hide').mockImplementation((id) => {
      hidden.push(id);
      return id;
    });
    const ids: string[] = [];
    vi.mocked(notifications.show).mockImplementation((data) => {
      ids.push(String(data.id));
      return String(data.id);
    });
    notify('error', 'Request timed out', 4000);
    notify('warning', 'Wrong password', 4000);
    notify('success', 'Saved', 4000);
    vi.advanceTimersByTime(500);
    const cut = Date.now();
    vi.advanceTimersByTime(500);
    notify('warning', 'Raised by the next page', 4000);
    clearStaleToasts(cut);
    expect(hidden).toEqual([ids[0], ids[1]]);
    // Cleared, the same warning may be said again at once (it is news again).
    notify('warning', 'Wrong password', 4000);
    expect(ids).toHaveLength(5);
  });
});

describe('clearStaleToasts: a fresh warning is still news', () => {
  it('leaves a warning younger than a second (the network just dropped) by default', () => {
    // What earlier tests left on screen goes first.
    clearStaleToasts(Number.POSITIVE_INFINITY);
    const hidden: string[] = [];
    vi.spyOn(notifications, 'hide').mockImplementation((id) => {
      hidden.push(id);
      return id;
    });
    notify('warning', 'Offline just now', 4000);
    clearStaleToasts();
    expect(hidden).toEqual([]);
    vi.advanceTimersByTime(1001);
    clearStaleToasts();
    expect(hidden).toHaveLength(1);
  });
});

describe('notify: the same warning twice at once shows once', () => {
  it('shows the same message twice within the window once', () => {
    notify('warning', 'You are offline');
    vi.advanceTimersByTime(DEFAULT_NOTIFICATION_MS - 1);
    notify('warning', 'You are offline');
    expect(shown).toEqual([['orange', 'You are offline']]);
  });

  it('shows it again once the first has gone (after the window)', () => {
    notify('warning', 'You are offline');
    vi.advanceTimersByTime(DEFAULT_NOTIFICATION_MS);
    notify('warning', 'You are offline');
    vi.advanceTimersByTime(1);
    notify('warning', 'You are offline');
    expect(shown).toHaveLength(2);
  });

  it('shows different messages both', () => {
    notify('warning', 'You are offline');
    notify('warning', 'The scanner is not connected');
    expect(shown.map(([, message]) => message)).toEqual(['You are offline', 'The scanner is not connected']);
  });

  it('measures the window by the notification’s own duration', () => {
    notify('warning', 'Saving is slow', 5000);
    vi.advanceTimersByTime(4999);
    notify('warning', 'Saving is slow', 5000);
    expect(shown).toHaveLength(1);
    vi.advanceTimersByTime(1);
    notify('warning', 'Saving is slow', 5000);
    expect(shown).toHaveLength(2);
  });

  it('passes the duration, color and role on', () => {
    const show = vi.mocked(notifications.show);
    notify('error', 'Could not save', 3000);
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'red', message: 'Could not save', autoClose: 3000, role: 'alert' }),
    );
    notify('success', 'Saved');
    expect(show).toHaveBeenLastCalledWith(
      expect.objectContaining({ color: 'teal', autoClose: DEFAULT_NOTIFICATION_MS, role: 'status' }),
    );
  });
});

describe('notify before the toasts’ chunk is there', () => {
  it('keeps the toasts asked for meanwhile and shows them, in order, once it arrives', async () => {
    vi.resetModules();
    const fresh = await import('./notify.ts');
    const mantine = await import('@mantine/notifications');
    const messages: string[] = [];
    vi.spyOn(mantine.notifications, 'show').mockImplementation((data) => {
      messages.push(String(data.message));
      return 'id';
    });
    fresh.notify('error', 'first');
    fresh.notify('success', 'second');
    expect(messages).toEqual([]);
    await fresh.loadNotifications();
    expect(messages).toEqual(['first', 'second']);
    fresh.notify('info', 'third');
    expect(messages).toEqual(['first', 'second', 'third']);
  });
});
