import { describe, expect, it, vi } from 'vitest';
import { onceUntilFailure } from './once-until-failure.ts';

describe('onceUntilFailure', () => {
  it('starts once and gives every caller the same promise', async () => {
    const start = vi.fn(() => Promise.resolve(7));
    const load = onceUntilFailure(start);
    const [a, b] = [load(), load()];
    expect(a).toBe(b);
    expect(await a).toBe(7);
    expect(await load()).toBe(7);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed start: the callers of that one see the error, the next call starts again', async () => {
    const start = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('chunk');
    const load = onceUntilFailure(start as () => Promise<string>);
    const [a, b] = [load(), load()];
    await expect(a).rejects.toThrow('offline');
    await expect(b).rejects.toThrow('offline');
    expect(await load()).toBe('chunk');
    expect(await load()).toBe('chunk');
    expect(start).toHaveBeenCalledTimes(2);
  });
});
