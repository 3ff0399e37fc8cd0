import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { groundOf } from '../../../shared/schemas/moderation';
import { moderationDecisions, photos, profiles, users } from '../../db/schema';
import { CLIENT, createMember, lastMail } from '../../test/factories';
import { createStaff } from '../../test/staff';
import { type TestContext, withTestSite } from '../../test/test-app';
import { addPhoto, call } from '../member-profile/member-profile.fixtures';
import { restrictMember } from './decisions.service';
import { endExpiredRestrictions, reverseDecision } from './restrictions';

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});
const db = () => ctx.database.db;
const staffId = async () => (await createStaff(ctx.app, 'moderator')).id;
const login = (email: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/user.php',
    headers: { host: domain, ...CLIENT },
    payload: { email, password },
  });
const searchable = async (id: number) =>
  (await db().select({ s: profiles.searchable }).from(profiles).where(eq(profiles.userId, id)))[0]?.s;

describe('restrictMember', () => {
  it('suspends: sessions end, login refused with the way to the statement, not listed; the time ends it', async () => {
    const sid = await staffId();
    const m = await createMember(ctx, domain, { language: 'nl' });
    expect(await searchable(m.id)).toBe(true);
    const until = new Date(Date.now() + 3 * 86_400_000);
    const result = await db().transaction((tx) =>
      restrictMember(tx, {
        memberId: m.id,
        staffId: sid,
        kind: 'suspension',
        ground: groundOf('terms.4.3'),
        facts: 'Asked two members for money in chat.',
        automated: false,
        until,
      }),
    );
    expect(result.revokedSessionIds.length).toBeGreaterThan(0);
    expect((await call(ctx, domain, 'GET', '/api/sessions.php', m.cookie)).statusCode).toBe(403);
    expect(await searchable(m.id)).toBe(false);

    // The statement of reasons, in the member's language, with facts, ground, automated and the appeal link.
    const mail = await lastMail(ctx, m.email);
    expect(mail.subject).toContain('Een besluit over je account');
    expect(mail.text).toContain('Asked two members for money in chat.');
    expect(mail.text).toContain('artikel 4.3');
    expect(mail.text).toContain('een medewerker');
    const link = mail.text.match(/https?:\/\/\S+\/pages\/ban\?t=\S+/)?.[0];
    expect(link).toBeTruthy();

    const refused = await login(m.email, m.password);
    expect(refused.statusCode).toBe(403);
    const error = refused.json().error as { code: string; restriction: string };
    expect(error.code).toBe('account_restricted');
    expect(refused.cookies.find((c) => c.name === 'auth._token')).toBeUndefined();

    for (const t of [error.restriction, new URL(link!).searchParams.get('t')!]) {
      const page = await call(ctx, domain, 'GET', `/api/restriction.php?t=${encodeURIComponent(t)}`);
      expect(page.statusCode).toBe(200);
      expect(page.json()).toMatchObject({
        restricted: 'suspension',
        until: until.toISOString(),
        decisions: [
          {
            id: result.decisionId,
            kind: 'suspension',
            ground: { type: 'terms', ref: 'terms.4.3' },
            facts: 'Asked two members for money in chat.',
            automated: false,
            can_appeal: true,
            appeal: null,
          },
        ],
      });
    }
    expect((await call(ctx, domain, 'GET', '/api/restriction.php?t=x'.padEnd(60, 'x'))).statusCode).toBe(400);

    // The suspension is over: login works again and the sweep lists the member again.
    await db()
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, m.id));
    expect((await login(m.email, m.password)).statusCode).toBe(200);
    expect(await endExpiredRestrictions(db())).toBeGreaterThan(0);
    expect(await searchable(m.id)).toBe(true);
  });

  it('appeals once, within the deadline, through the ban-page token', async () => {
    const sid = await staffId();
    const m = await createMember(ctx, domain);
    const { decisionId } = await db().transaction((tx) =>
      restrictMember(tx, {
        memberId: m.id,
        staffId: null,
        kind: 'ban',
        ground: groundOf('law.nl.sr.326'),
        facts: 'The same payment request was sent to 40 members.',
        automated: true,
      }),
    );
    const token = (await login(m.email, m.password)).json().error.restriction as string;
    const appeal = (statement: string, decision = decisionId) =>
      call(ctx, domain, 'POST', '/api/appeal.php', undefined, { t: token, decision, statement });
    expect((await appeal('short')).statusCode).toBe(400);
    expect((await appeal('I never asked anyone for money.', decisionId + 100_000)).statusCode).toBe(409);
    expect((await appeal('I never asked anyone for money.')).statusCode).toBe(200);
    const again = await appeal('I never asked anyone for money, really.');
    expect(again.json().error.code).toBe('appeal_exists');
    const page = await call(ctx, domain, 'GET', `/api/restriction.php?t=${token}`);
    expect(page.json()).toMatchObject({
      restricted: 'ban',
      decisions: [{ kind: 'ban', automated: true, can_appeal: false, appeal: { status: 'open' } }],
    });

    // An appeal past the deadline is refused.
    const other = await db().transaction((tx) =>
      restrictMember(tx, {
        memberId: m.id,
        staffId: sid,
        kind: 'warning',
        ground: groundOf('terms.4.2'),
        facts: 'Advertised another website.',
        automated: false,
      }),
    );
    await db()
      .update(moderationDecisions)
      .set({ appealDeadline: new Date(Date.now() - 1000) })
      .where(eq(moderationDecisions.id, other.decisionId));
    expect((await appeal('This was not an advert.', other.decisionId)).json().error.code).toBe(
      'appeal_closed',
    );
  });

  it('hides a main photo (the next active one becomes main) and a reversal restores it', async () => {
    const sid = await staffId();
    const m = await createMember(ctx, domain);
    const older = await addPhoto(db(), m.id);
    const main = await addPhoto(db(), m.id, { isMain: true });
    const { decisionId } = await db().transaction((tx) =>
      restrictMember(tx, {
        memberId: m.id,
        staffId: sid,
        kind: 'photo_hidden',
        ground: groundOf('terms.4.4'),
        facts: 'The photo shows nudity.',
        automated: false,
        content: { photoId: main.id },
      }),
    );
    const state = async () =>
      Object.fromEntries(
        (await db().select().from(photos).where(eq(photos.userId, m.id))).map((p) => [
          p.id,
          `${p.status}${p.isMain ? ' main' : ''}`,
        ]),
      );
    expect(await state()).toEqual({ [older.id]: 'active main', [main.id]: 'rejected' });
    await db().transaction((tx) => reverseDecision(tx, decisionId));
    expect((await state())[main.id]).toBe('active');
    const [d] = await db().select().from(moderationDecisions).where(eq(moderationDecisions.id, decisionId));
    expect(d?.reversedAt).not.toBeNull();
  });

  it('a reversed ban lifts the ban; a suspension needs an end in the future', async () => {
    const sid = await staffId();
    const m = await createMember(ctx, domain);
    const { decisionId } = await db().transaction((tx) =>
      restrictMember(tx, {
        memberId: m.id,
        staffId: sid,
        kind: 'ban',
        ground: groundOf('terms.3.2'),
        facts: 'The member said to be 16.',
        automated: false,
      }),
    );
    expect((await login(m.email, m.password)).statusCode).toBe(403);
    await db().transaction((tx) => reverseDecision(tx, decisionId));
    expect((await login(m.email, m.password)).statusCode).toBe(200);
    expect(await searchable(m.id)).toBe(true);
    await expect(
      db().transaction((tx) =>
        restrictMember(tx, {
          memberId: m.id,
          staffId: sid,
          kind: 'suspension',
          ground: groundOf('terms.4.1'),
          facts: 'Insults.',
          automated: false,
        }),
      ),
    ).rejects.toThrow();
  });
});
