import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults for the embedded set-up', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.defaultSiteDomain).toBe('localhost');
    expect(c.demoContent).toBe(true);
  });

  it('lets the heap grow 4× between full GCs unless told otherwise', () => {
    expect(loadConfig({}).heapGrowthPercent).toBe(300);
    expect(loadConfig({ HEAP_GROWTH_PERCENT: '0' }).heapGrowthPercent).toBe(0);
    expect(() => loadConfig({ HEAP_GROWTH_PERCENT: '-5' })).toThrow(ConfigError);
    expect(() => loadConfig({ HEAP_GROWTH_PERCENT: 'lots' })).toThrow(ConfigError);
  });

  it('never seeds demo content in production or on a real database unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_TEST_PROVIDER: 'true' }).demoContent).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).demoContent).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO_CONTENT: 'true' }).demoContent).toBe(true);
  });

  it('pays with Mollie when a key is set, else with the test provider, which production refuses unless allowed', () => {
    const key = 'test_abcdefghijklmnopqrstuvwxyz12';
    expect(loadConfig({}).payments).toEqual({ provider: 'test' });
    expect(loadConfig({ MOLLIE_API_KEY: key }).payments).toEqual({
      provider: 'mollie',
      apiKey: key,
      apiEndpoint: undefined,
    });
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/MOLLIE_API_KEY: required in production/);
    expect(loadConfig({ NODE_ENV: 'production', MOLLIE_API_KEY: key }).payments.provider).toBe('mollie');
    // A malformed key is refused without being repeated in the error.
    const bad = 'live_short';
    expect(() => loadConfig({ MOLLIE_API_KEY: bad })).toThrow(/\(got a value that is not shown\)/);
    try {
      loadConfig({ MOLLIE_API_KEY: bad });
    } catch (err) {
      expect(String(err)).not.toContain(bad);
    }
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'http://x'],
    ['SMTP_URL', 'not a url'],
    ['PUBLIC_URL', 'ftp://x'],
    ['LOG_LEVEL', 'loud'],
  ])('stops with a message naming %s for %s', (name, value) => {
    let err: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toContain(name);
  });
});
