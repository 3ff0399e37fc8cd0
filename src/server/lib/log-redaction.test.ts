import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createMember } from '../test/factories';
import { buildTestApp, type TestContext } from '../test/test-app';
import { maskSecrets, redactUrl, safeError } from './log-redaction';
import { hashPassword } from './passwords';

describe('logs carry no secrets', () => {
  let ctx: TestContext;
  let domain: string;
  const lines: string[] = [];
  beforeAll(async () => {
    ctx = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (l) => void lines.push(l) } });
    domain = (await ctx.createSite()).domain;
  });
  afterAll(async () => ctx?.close());

  it('a failed insert is logged without its parameters (e-mail address, password hash)', async () => {
    const member = await createMember(ctx, domain);
    const hash = await hashPassword('Another-Secret-77');
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, member.id));
    let failure: unknown;
    try {
      await ctx.database.db.insert(users).values({ ...row!, id: undefined, passwordHash: hash } as never);
    } catch (err) {
      failure = err;
    }
    expect(failure).toBeDefined();
    // What the raw error would have printed: the values of the row.
    expect(String((failure as Error).message) + JSON.stringify(failure)).toContain(member.email);
    lines.length = 0;
    ctx.app.log.error({ err: failure }, 'request failed');
    const logged = lines.join('\n');
    expect(logged).toContain('request failed');
    expect(logged).toContain('23505'); // the SQLSTATE stays: it is what an operator needs
    expect(logged).not.toContain(member.email);
    expect(logged).not.toContain(hash);
    expect(logged).not.toContain('$argon2');
  });

  it('request logs redact token-bearing query strings', async () => {
    const token = randomBytes(32).toString('base64url');
    lines.length = 0;
    for (const url of [
      `/api/activate.php?token=${token}`,
      `/account-deleted?reactivate=${token}`,
      `/reset-password/do?token=${token}&x=1`,
      `/mail-change/do?%74oken=${token}`,
      `/dev/mailbox?to=someone%40example.org`,
    ])
      await ctx.app.inject({ method: 'GET', url, headers: { host: domain } });
    const logged = lines.join('\n');
    expect(logged).toContain('/api/activate.php?token=[redacted]');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain('someone');
  });

  it('objects handed to the logger by mistake are redacted (pino redact)', () => {
    lines.length = 0;
    ctx.app.log.info(
      {
        email: 'leak@example.org',
        user: { email: 'leak2@example.org', passwordHash: '$argon2id$v=19$m=1$abc$def' },
        headers: { cookie: 'auth._token=abc' },
        payment: { iban: 'NL91ABNA0417164300' },
      },
      'oops',
    );
    const logged = lines.join('\n');
    for (const secret of [
      'leak@example.org',
      'leak2@example.org',
      '$argon2id',
      'auth._token',
      'NL91ABNA0417164300',
    ])
      expect(logged).not.toContain(secret);
  });
});

describe('masking helpers', () => {
  it('masks e-mail addresses, hashes, IBANs and tokens in free text', () => {
    const text =
      'mail to anna.b+x@example.co.uk failed; hash $argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA iban NL91 ABNA 0417 1643 00 token ' +
      'a'.repeat(43);
    const masked = maskSecrets(text);
    expect(masked).toBe('mail to [email] failed; hash [hash] iban [iban] token [token]');
  });

  it('keeps harmless query strings and redacts secret keys, also when percent-encoded', () => {
    expect(redactUrl('/api/search.php?country=NL&page=2')).toBe('/api/search.php?country=NL&page=2');
    expect(redactUrl('/x?TOKEN=abc&%72eactivate=def')).toBe('/x?TOKEN=[redacted]&%72eactivate=[redacted]');
  });

  it('safeError keeps type and code of an ordinary error', () => {
    const err = Object.assign(new Error('boom for someone@example.org'), { code: 'E_X' });
    expect(safeError(err)).toMatchObject({ type: 'Error', message: 'boom for [email]', code: 'E_X' });
  });
});
