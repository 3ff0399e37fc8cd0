import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_RULES } from '../../../shared/rules';
import { consentStateSchema } from '../../../shared/schemas/consents';
import { consents, users } from '../../db/schema';
import { CLIENT, createMember, signupBody, uniqueEmail } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';
import { call } from '../member-profile/member-profile.fixtures';

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});
const db = () => ctx.database.db;

const signup = (body: Record<string, unknown>, language = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/signup.php',
    headers: { host: domain, cookie: `i18n_redirected=${language}`, ...CLIENT },
    payload: body,
  });

const consentRows = (userId: number) =>
  db().select().from(consents).where(eq(consents.userId, userId)).orderBy(consents.id);

describe('signup: the separate consent for sensitive data (GDPR Art. 9)', () => {
  let withoutConsent: Record<string, unknown>;
  beforeAll(() => {
    const { sensitive_consent: _, ...rest } = signupBody();
    withoutConsent = rest;
  });

  it('is refused without the consent, or with it false, as a translated field error; no account is made', async () => {
    for (const body of [withoutConsent, { ...withoutConsent, sensitive_consent: false }]) {
      const res = await signup(body, 'nl');
      expect(res.statusCode).toBe(400);
      const error = res.json().error;
      expect(error.code).toBe('validation_failed');
      expect(error.fields.sensitive_consent).toBe(
        'Vink dit vakje aan om je aan te melden: zonder deze toestemming kunnen we je de dienst niet bieden.',
      );
    }
    const [found] = await db()
      .select()
      .from(users)
      .where(eq(users.email, String(withoutConsent.email)));
    expect(found).toBeUndefined();
  });

  it('records the consent with the current text version when the account is made', async () => {
    const before = Date.now();
    const res = await signup({ ...signupBody({ email: uniqueEmail() }) });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().user.id as number;
    const rows = await consentRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'sensitive_data',
      version: CONSENT_RULES.sensitiveDataVersion,
      withdrawnAt: null,
    });
    expect(rows[0]!.givenAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);
  });
});

describe('GET/POST/DELETE /api/consent.php', () => {
  it('needs a session', async () => {
    const res = await call(ctx, domain, 'GET', '/api/consent.php');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('authentication_required');
  });

  it('shows the consent with its date and version; withdrawing closes it and makes it required again', async () => {
    const m = await createMember(ctx, domain);
    const state = consentStateSchema.parse(
      (await call(ctx, domain, 'GET', '/api/consent.php', m.cookie)).json(),
    );
    expect(state.required).toBe(false);
    expect(state.sensitive_data).toMatchObject({
      version: CONSENT_RULES.sensitiveDataVersion,
      withdrawn_at: null,
    });

    const withdrawn = await call(ctx, domain, 'DELETE', '/api/consent.php', m.cookie);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const after = consentStateSchema.parse(withdrawn.json());
    expect(after.required).toBe(true);
    expect(after.sensitive_data?.withdrawn_at).not.toBeNull();
    // Withdrawn once: a second withdrawal has nothing to withdraw.
    const again = await call(ctx, domain, 'DELETE', '/api/consent.php', m.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('consent_not_given');
    // The row stays as proof, with when it was withdrawn.
    const rows = await consentRows(m.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.withdrawnAt).not.toBeNull();
  });

  it('withdrawal leads into the deletion flow, which still works with the password', async () => {
    const m = await createMember(ctx, domain);
    expect((await call(ctx, domain, 'DELETE', '/api/consent.php', m.cookie)).statusCode).toBe(200);
    const del = await call(ctx, domain, 'POST', '/api/account-delete.php', m.cookie, {
      password: m.password,
      reasons: [],
    });
    expect(del.statusCode, del.body).toBe(200);
    const [u] = await db().select().from(users).where(eq(users.id, m.id));
    expect(u!.status).toBe('deleted');
  });

  it('an account without a recorded consent (from before it was asked) is asked once; agreeing records it', async () => {
    const m = await createMember(ctx, domain);
    await db().delete(consents).where(eq(consents.userId, m.id));
    const state = consentStateSchema.parse(
      (await call(ctx, domain, 'GET', '/api/consent.php', m.cookie)).json(),
    );
    expect(state).toMatchObject({ sensitive_data: null, required: true });

    const refused = await call(ctx, domain, 'POST', '/api/consent.php', m.cookie, { sensitive_data: false });
    expect(refused.statusCode).toBe(400);
    // Two tabs agree at once: one standing consent.
    const given = await Promise.all([
      call(ctx, domain, 'POST', '/api/consent.php', m.cookie, { sensitive_data: true }),
      call(ctx, domain, 'POST', '/api/consent.php', m.cookie, { sensitive_data: true }),
    ]);
    for (const res of given) expect(res.statusCode, res.body).toBe(200);
    expect(consentStateSchema.parse(given[0]!.json()).required).toBe(false);
    const standing = await db()
      .select()
      .from(consents)
      .where(and(eq(consents.userId, m.id), sql`${consents.withdrawnAt} is null`));
    expect(standing).toHaveLength(1);
  });

  it('the database keeps one standing consent per kind, known kinds, versions above zero, withdrawal after giving', async () => {
    const m = await createMember(ctx, domain);
    const insert = (values: Partial<typeof consents.$inferInsert>) =>
      db()
        .insert(consents)
        .values({ userId: m.id, kind: 'sensitive_data', version: 1, ...values });
    await expect(insert({})).rejects.toThrow();
    await expect(insert({ version: 0, withdrawnAt: new Date() })).rejects.toThrow();
    await expect(insert({ kind: 'marketing', withdrawnAt: new Date() })).rejects.toThrow();
    await expect(
      insert({ givenAt: new Date(), withdrawnAt: new Date(Date.now() - 60_000) }),
    ).rejects.toThrow();
  });
});
