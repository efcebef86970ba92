import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { HttpCheckProvider } from './http.ts';
import { SandboxCheckProvider, describeChecks, selectCheckProvider } from './index.ts';

const REAL = {
  CHECKS_PROVIDER_URL: 'https://checks.example.com/v1',
  CHECKS_PROVIDER_KEY: 'secret-key-1',
  CHECKS_PROVIDER_NAME: 'reseller-a',
};

describe('selectCheckProvider', () => {
  it('is the sandbox by default outside production', async () => {
    const provider = selectCheckProvider(loadConfig({}));
    expect(provider).toBeInstanceOf(SandboxCheckProvider);
    expect([provider?.name, provider?.sandbox]).toEqual(['sandbox', true]);
    expect(selectCheckProvider({ production: false })).toBeInstanceOf(SandboxCheckProvider); // a hand-made config
  });

  it('is none in production without a real provider: no sandbox answer is billed as real', () => {
    expect(selectCheckProvider(loadConfig({ NODE_ENV: 'production' }))).toBeNull();
    expect(selectCheckProvider({ production: true })).toBeNull();
  });

  it('follows CHECKS_SANDBOX_LATENCY and the given clock', async () => {
    const clock = { now: () => Date.parse('2026-01-01T00:00:00Z') };
    const provider = selectCheckProvider(loadConfig({ CHECKS_SANDBOX_LATENCY: 'zero' }), clock);
    if (!provider) throw new Error('expected the sandbox');
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

  it('is the HTTP provider when a URL and key are configured, in production too', () => {
    for (const env of [REAL, { ...REAL, NODE_ENV: 'production' }]) {
      const provider = selectCheckProvider(loadConfig(env));
      expect(provider).toBeInstanceOf(HttpCheckProvider);
      expect([provider?.name, provider?.sandbox]).toEqual(['reseller-a', false]);
    }
  });
});

describe('describeChecks', () => {
  it('says configured, sandbox or missing, without the key or the URL path', () => {
    const configured = describeChecks(loadConfig({ ...REAL, NODE_ENV: 'production' }));
    expect(configured).toMatchObject({ name: 'checks', state: 'configured' });
    expect(configured.detail).toContain('reseller-a at checks.example.com');
    expect(configured.detail).not.toContain('secret-key-1');
    expect(configured.detail).not.toContain('/v1');
    expect(describeChecks(loadConfig({}))).toMatchObject({ name: 'checks', state: 'sandbox' });
    const missing = describeChecks(loadConfig({ NODE_ENV: 'production' }));
    expect(missing).toMatchObject({ name: 'checks', state: 'missing' });
    expect(missing.detail).toContain('CHECKS_PROVIDER_URL');
  });
});
