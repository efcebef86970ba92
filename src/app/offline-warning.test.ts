import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '#src/lib/i18n.ts';
import { warnWhenOffline } from './offline-warning.ts';

describe('the offline warning', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it("going offline raises '请检查网络状态' at once, without any call being made", async () => {
    await activateLanguage('zh');
    const notify = vi.fn();
    stop = warnWhenOffline(notify);
    expect(notify).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('offline'));
    expect(notify).toHaveBeenCalledExactlyOnceWith('warning', '请检查网络状态');
    window.dispatchEvent(new Event('online'));
    expect(notify).toHaveBeenCalledOnce();
  });
});
