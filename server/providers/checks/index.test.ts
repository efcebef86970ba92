import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { HttpCheckProvider } from './http.ts';
import { SandboxCheckProvider, selectCheckProvider } from './index.ts';

describe('selectCheckProvider', () => {
  it('is the sandbox by default, in production too', async () => {
    for (const env of [{}, { NODE_ENV: 'production' }]) {
      const provider = selectCheckProvider(loadConfig(env));
      expect(provider).toBeInstanceOf(SandboxCheckProvider);
      expect([provider.name, provider.sandbox]).toEqual(['sandbox', true]);
    }
    expect(selectCheckProvider({})).toBeInstanceOf(SandboxCheckProvider); // a hand-made config
  });

  it('follows CHECKS_SANDBOX_LATENCY and the given clock', async () => {
    const clock = { now: () => Date.parse('2026-01-01T00:00:00Z') };
    const provider = selectCheckProvider(loadConfig({ CHECKS_SANDBOX_LATENCY: 'zero' }), clock);
    const answer = await provider.submit({
      service: 'id_monitor',
      sn: 'SANDBOXPASS',
      imei: null,
      attempt: 1,
    });
    expect(answer).toMatchObject({ kind: 'accepted', poll_after_ms: 0 });
    if (answer.kind !== 'accepted') return;
    expect(await provider.poll(answer.ticket)).toMatchObject({
      kind: 'done',
      facts: { id_monitor_end: '2026-01-16' },
    });
  });

  it('is the HTTP provider when a URL and key are configured', () => {
    const provider = selectCheckProvider(
      loadConfig({
        CHECKS_PROVIDER_URL: 'https://checks.example.com',
        CHECKS_PROVIDER_KEY: 'k',
        CHECKS_PROVIDER_NAME: 'reseller-a',
      }),
    );
    expect(provider).toBeInstanceOf(HttpCheckProvider);
    expect([provider.name, provider.sandbox]).toEqual(['reseller-a', false]);
  });
});
