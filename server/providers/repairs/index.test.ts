import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { ConfigError } from '#server/config-error.ts';
import { HttpRepairProvider } from './http.ts';
import { describeRepairs, selectRepairProvider } from './index.ts';
import { SandboxRepairProvider } from './sandbox.ts';

const REAL = {
  REPAIRS_PROVIDER_URL: 'https://repairs.example.com/api/',
  REPAIRS_PROVIDER_KEY: 'secret-key-2',
  REPAIRS_PROVIDER_NAME: 'repair-data-b',
};

describe('REPAIRS_PROVIDER_* configuration', () => {
  it('reads URL (without its trailing slash), key and name; the name defaults to the host', () => {
    expect(loadConfig(REAL).repairs?.http).toEqual({
      name: 'repair-data-b',
      url: 'https://repairs.example.com/api',
      key: 'secret-key-2',
    });
    const { REPAIRS_PROVIDER_NAME: _name, ...unnamed } = REAL;
    expect(loadConfig(unnamed).repairs?.http?.name).toBe('repairs.example.com');
    expect(loadConfig({}).repairs?.http).toBeUndefined();
  });

  it('refuses half a configuration, a URL that is not http(s) and the reserved name', () => {
    expect(() => loadConfig({ REPAIRS_PROVIDER_URL: REAL.REPAIRS_PROVIDER_URL })).toThrow(ConfigError);
    expect(() => loadConfig({ REPAIRS_PROVIDER_KEY: 'k' })).toThrow(/go together/);
    expect(() => loadConfig({ ...REAL, REPAIRS_PROVIDER_URL: 'ftp://x' })).toThrow(/absolute http/);
    expect(() => loadConfig({ ...REAL, REPAIRS_PROVIDER_NAME: 'Sandbox' })).toThrow(/reserved/);
  });
});

describe('selectRepairProvider', () => {
  it('is the sandbox outside production, none in production, the HTTP API when configured', () => {
    const sandbox = selectRepairProvider(loadConfig({ REPAIR_SANDBOX_SPEED: '1440' }));
    expect(sandbox).toBeInstanceOf(SandboxRepairProvider);
    expect(sandbox?.sandbox).toBe(true);
    expect(selectRepairProvider(loadConfig({ NODE_ENV: 'production' }))).toBeNull();
    for (const env of [REAL, { ...REAL, NODE_ENV: 'production' }]) {
      const real = selectRepairProvider(loadConfig(env));
      expect(real).toBeInstanceOf(HttpRepairProvider);
      expect([real?.name, real?.sandbox]).toEqual(['repair-data-b', false]);
    }
  });
});

describe('describeRepairs', () => {
  it('says configured, sandbox or missing, without the key or the URL path', () => {
    const configured = describeRepairs(loadConfig({ ...REAL, NODE_ENV: 'production' }));
    expect(configured).toMatchObject({ name: 'repairs', state: 'configured' });
    expect(configured.detail).toContain('repair-data-b at repairs.example.com');
    expect(configured.detail).not.toContain('secret-key-2');
    expect(configured.detail).not.toContain('/api');
    expect(describeRepairs(loadConfig({}))).toMatchObject({ name: 'repairs', state: 'sandbox' });
    const missing = describeRepairs(loadConfig({ NODE_ENV: 'production' }));
    expect(missing).toMatchObject({ name: 'repairs', state: 'missing' });
    expect(missing.detail).toContain('REPAIRS_PROVIDER_URL');
  });
});
