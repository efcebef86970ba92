import { describe, expect, it } from 'vitest';
import { applyRefusable, planRetry, transportReason } from './runner-retries.ts';

const settings = { maxAttempts: 3, backoffBaseMs: 1000, backoffMaxMs: 5000, random: () => 1 };

describe('runner retries', () => {
  it('backs off (at least minDelay) until the attempts are used, then fails saying how many', () => {
    expect(planRetry(settings, 1, 'busy', 0)).toEqual({ delay: 1000 });
    expect(planRetry(settings, 2, 'busy', 0)).toEqual({ delay: 2000 });
    expect(planRetry(settings, 2, 'busy', 9000)).toEqual({ delay: 9000 });
    expect(planRetry({ ...settings, random: () => 0 }, 2, 'busy', 0)).toEqual({ delay: 1000 });
    expect(planRetry(settings, 3, 'busy', 0)).toEqual({ failure: 'busy（已尝试 3 次）' });
  });

  it('tries a refused batch three times in all, reporting each refusal but the last, which it throws', async () => {
    const reported: unknown[] = [];
    let calls = 0;
    const third = await applyRefusable(
      () => (++calls < 3 ? Promise.reject(new Error(`refused ${calls}`)) : Promise.resolve(calls)),
      (err) => reported.push(err),
    );
    expect(third).toBe(3);
    expect(reported.map(String)).toEqual(['Error: refused 1', 'Error: refused 2']);
    calls = 0;
    reported.length = 0;
    await expect(
      applyRefusable(
        () => Promise.reject(new Error(`refused ${++calls}`)),
        (err) => reported.push(err),
      ),
    ).rejects.toThrow('refused 3');
    expect(reported).toHaveLength(2);
  });

  it('names the provider and cuts the cause short', () => {
    expect(transportReason('查询服务', new Error('ECONNRESET'))).toBe('查询服务连接失败：ECONNRESET');
    expect(transportReason('维修查询服务', 'x'.repeat(300))).toBe(`维修查询服务连接失败：${'x'.repeat(200)}`);
  });
});
