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

  it('never seeds demo content in production or on a real database unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demoContent).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).demoContent).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO_CONTENT: 'true' }).demoContent).toBe(true);
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
