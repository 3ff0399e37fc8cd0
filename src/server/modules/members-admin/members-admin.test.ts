import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  adminMemberResponseSchema,
  eraseConfirmationPhrase,
  memberSearchResponseSchema,
} from '../../../shared/schemas/admin-members';
import { creditLedger, photos, profiles, sessions, staffAuditLog, users } from '../../db/schema';
import { createMember, uniqueEmail } from '../../test/factories';
import { signInStaff, signInStaffAs } from '../../test/staff';
import { type TestContext, withTestSite } from '../../test/test-app';
import { addPhoto, call, setProfile } from '../member-profile/member-profile.fixtures';

/** Members in the staff console (issue 22, point 6): search, the member view, ending sessions, erasure. */
let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});
const db = () => ctx.database.db;

const staffCall = (
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) => ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const search = async (headers: Record<string, string>, query: string) => {
  const res = await staffCall(headers, 'GET', `/api/admin/members.php?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return memberSearchResponseSchema.parse(res.json());
};

const auditRows = (memberId: number, action: string) =>
  db()
    .select()
    .from(staffAuditLog)
    .where(
      and(
        eq(staffAuditLog.targetType, 'member'),
        eq(staffAuditLog.targetId, String(memberId)),
        eq(staffAuditLog.action, action),
      ),
    );

/** A member's session still works (GET /api/sessions.php needs one). */
const stillSignedIn = async (cookie: string) =>
  (await call(ctx, domain, 'GET', '/api/sessions.php', cookie)).statusCode === 200;

describe('member search', () => {
  it('finds a member by exact e-mail, e-mail prefix, name prefix and id, and filters by site', async () => {
    const moderator = await signInStaff(ctx.app, 'moderator');
    const tag = randomBytes(4).toString('hex');
    const email = uniqueEmail(`find-${tag}`);
    const m = await createMember(ctx, domain, { email, name: `Zelda${tag}` });
    const other = await ctx.createSite();

    const exact = await search(moderator, `q=${encodeURIComponent(email.toUpperCase())}`);
    expect(exact.members.map((x) => x.id)).toEqual([m.id]);
    expect(exact.members[0]).toMatchObject({
      email,
      name: `Zelda${tag}`,
      site_domain: domain,
      status: 'active',
    });

    const prefix = await search(moderator, `q=${encodeURIComponent(`find-${tag}`)}`);
    expect(prefix.members.map((x) => x.id)).toEqual([m.id]);
    const byName = await search(moderator, `q=zelda${tag}`);
    expect(byName.members.map((x) => x.id)).toEqual([m.id]);
    const byId = await search(moderator, `q=${m.id}`);
    expect(byId.members.map((x) => x.id)).toContain(m.id);

    const elsewhere = await search(moderator, `q=${encodeURIComponent(email)}&site=${other.id}`);
    expect(elsewhere.members).toEqual([]);
    // LIKE wildcards are taken literally: '%' finds nothing rather than everybody.
    expect((await search(moderator, 'q=%25')).members).toEqual([]);
  });

  it('pages through the results, newest first', async () => {
    const moderator = await signInStaff(ctx.app, 'moderator');
    const tag = randomBytes(4).toString('hex');
    const made: number[] = [];
    for (let i = 0; i < 27; i++)
      made.push((await createMember(ctx, domain, { email: uniqueEmail(`page-${tag}`), confirm: false })).id);
    const first = await search(moderator, `q=page-${tag}`);
    expect(first.members).toHaveLength(25);
    expect(first.has_more).toBe(true);
    const second = await search(moderator, `q=page-${tag}&page=2`);
    expect(second.has_more).toBe(false);
    expect([...first.members, ...second.members].map((x) => x.id)).toEqual([...made].reverse());
  });

  it('refuses a member session and a bad query', async () => {
    const m = await createMember(ctx, domain);
    const asMember = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/members.php?q=a',
      headers: { cookie: m.cookie },
    });
    expect(asMember.statusCode).toBe(401);
    const moderator = await signInStaff(ctx.app, 'moderator');
    expect((await staffCall(moderator, 'GET', '/api/admin/members.php?page=0')).statusCode).toBe(400);
  });
});

describe('member view', () => {
  it('shows account, profile, photos, ledger and sessions, and never a hash or a storage key', async () => {
    const moderator = await signInStaff(ctx.app, 'moderator');
    const m = await createMember(ctx, domain, { tracking: { network: 'adnet', ref: 'r1' } });
    await setProfile(db(), m.id, { city: 'Utrecht' });
    const photo = await addPhoto(db(), m.id, { isMain: true });
    await addPhoto(db(), m.id, { status: 'pending' });

    const res = await staffCall(moderator, 'GET', `/api/admin/member.php?id=${m.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const view = adminMemberResponseSchema.parse(res.json());
    expect(view.account).toMatchObject({ id: m.id, email: m.email, status: 'active', language: 'en' });
    expect(view.account.site.domain).toBe(domain);
    expect(view.account.email_confirmed_at).not.toBeNull();
    expect(view.profile).toMatchObject({ name: m.name, city: 'Utrecht' });
    expect(view.photos).toHaveLength(2);
    expect(view.photos[0]).toMatchObject({ id: photo.id, is_main: true });
    expect(view.photos[0]!.thumb_url).toBe(`/api/admin/photo-image.php?id=${photo.id}&size=thumb`);
    expect(view.sessions.length).toBeGreaterThanOrEqual(1);
    expect(view.sessions[0]!.device).not.toBe('');

    // Nothing secret in the answer: no password hash, no session token hash, no storage key.
    const [user] = await db().select().from(users).where(eq(users.id, m.id));
    const [session] = await db().select().from(sessions).where(eq(sessions.userId, m.id));
    expect(res.body).not.toContain(user!.passwordHash!);
    expect(res.body).not.toContain(session!.tokenHash);
    expect(res.body).not.toContain(photo.storageKey);
    expect(res.body).not.toMatch(/password|token_hash|storage_key|iban_binding/);
  });

  it('answers 404 for an unknown member', async () => {
    const moderator = await signInStaff(ctx.app, 'moderator');
    expect((await staffCall(moderator, 'GET', '/api/admin/member.php?id=999999999')).statusCode).toBe(404);
  });
});

describe('ending sessions', () => {
  it('a moderator ends one session, then all: the member is signed out at once, and it is audited', async () => {
    const { staff, headers } = await signInStaffAs(ctx.app, 'moderator');
    const m = await createMember(ctx, domain);
    const login = await call(ctx, domain, 'POST', '/api/user.php', undefined, {
      email: m.email,
      password: m.password,
    });
    expect(login.statusCode, login.body).toBe(200);
    const second = `auth._token=${login.cookies.find((c) => c.name === 'auth._token')!.value}`;
    const live = await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, m.id));
    expect(live.length).toBeGreaterThanOrEqual(2);

    const one = await staffCall(headers, 'DELETE', '/api/admin/member-sessions.php', {
      member: m.id,
      session: live[0]!.id,
    });
    expect(one.json()).toEqual({ ended: 1 });
    expect([await stillSignedIn(m.cookie), await stillSignedIn(second)].filter(Boolean)).toHaveLength(1);

    const all = await staffCall(headers, 'DELETE', '/api/admin/member-sessions.php', {
      member: m.id,
      all: true,
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(await stillSignedIn(m.cookie)).toBe(false);
    expect(await stillSignedIn(second)).toBe(false);

    // Another member's session id is not this member's: 404, nothing ended.
    const other = await createMember(ctx, domain);
    const [theirs] = await db().select().from(sessions).where(eq(sessions.userId, other.id));
    const wrong = await staffCall(headers, 'DELETE', '/api/admin/member-sessions.php', {
      member: m.id,
      session: theirs!.id,
    });
    expect(wrong.statusCode).toBe(404);
    expect(await stillSignedIn(other.cookie)).toBe(true);

    const rows = [
      ...(await auditRows(m.id, 'member.sessions.end')),
      ...(await auditRows(m.id, 'member.sessions.end_all')),
    ];
    expect(rows.map((r) => r.staffId)).toEqual([staff.id, staff.id]);
  });
});

describe('erasing an account at once', () => {
  it('needs the typed phrase, then purges at once keeping the ledger, and is audited without personal data', async () => {
    const { staff, headers } = await signInStaffAs(ctx.app, 'admin');
    const m = await createMember(ctx, domain);
    await addPhoto(db(), m.id, { isMain: true });
    const ledgerBefore = await db().select().from(creditLedger).where(eq(creditLedger.userId, m.id));

    const wrong = await staffCall(headers, 'DELETE', '/api/admin/member.php', {
      member: m.id,
      confirmation: 'ERASE 1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('erase_confirmation_mismatch');
    expect(await stillSignedIn(m.cookie)).toBe(true);

    const res = await staffCall(headers, 'DELETE', '/api/admin/member.php', {
      member: m.id,
      confirmation: eraseConfirmationPhrase(m.id),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ erased_now: true });
    expect(await stillSignedIn(m.cookie)).toBe(false);

    const [user] = await db().select().from(users).where(eq(users.id, m.id));
    expect(user).toMatchObject({
      status: 'deleted',
      email: `purged-${m.id}@deleted.invalid`,
      passwordHash: null,
    });
    expect(user!.purgedAt).not.toBeNull();
    expect(await db().select().from(profiles).where(eq(profiles.userId, m.id))).toEqual([]);
    expect(await db().select().from(photos).where(eq(photos.userId, m.id))).toEqual([]);
    expect(await db().select().from(creditLedger).where(eq(creditLedger.userId, m.id))).toHaveLength(
      ledgerBefore.length,
    );

    const again = await staffCall(headers, 'DELETE', '/api/admin/member.php', {
      member: m.id,
      confirmation: eraseConfirmationPhrase(m.id),
    });
    expect(again.json()).toEqual({ erased_now: false });
    const audit = await auditRows(m.id, 'member.erase');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.staffId).toBe(staff.id);
    expect(JSON.stringify(audit[0])).not.toContain(m.email);

    // The view still answers, for the tombstone.
    const view = await staffCall(headers, 'GET', `/api/admin/member.php?id=${m.id}`);
    expect(view.json().account).toMatchObject({ purged: true, status: 'deleted' });
  });

  it('is for admins only', async () => {
    const moderator = await signInStaff(ctx.app, 'moderator');
    const m = await createMember(ctx, domain);
    const res = await staffCall(moderator, 'DELETE', '/api/admin/member.php', {
      member: m.id,
      confirmation: eraseConfirmationPhrase(m.id),
    });
    expect(res.statusCode).toBe(403);
    expect(await stillSignedIn(m.cookie)).toBe(true);
  });
});
