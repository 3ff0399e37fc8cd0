import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SAFETY_RULES } from '../../../shared/rules';
import { privacySettingsSchema } from '../../../shared/schemas/member-profile';
import { visitorsResponseSchema } from '../../../shared/schemas/visits';
import { profileVisits } from '../../db/schema';
import { createMember, type TestMember } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';
import { call, setProfile, setUser, viewMember } from '../member-profile/member-profile.fixtures';
import { deleteOldVisits } from './visits.repo';

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});
const db = () => ctx.database.db;
const member = () => createMember(ctx, domain);

async function visitors(m: TestMember) {
  const res = await call(ctx, domain, 'GET', '/api/visitors.php', m.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return visitorsResponseSchema.parse(res.json());
}
const visitsOf = (visitedId: number) =>
  db().select().from(profileVisits).where(eq(profileVisits.visitedId, visitedId));
async function view(visitor: TestMember, visited: TestMember, status = 200) {
  const res = await viewMember(ctx, domain, visited.id, visitor.cookie);
  expect(res.statusCode, res.body).toBe(status);
}

describe('who viewed me', () => {
  it('records one visit per visitor and day, never of the own profile; premium sees who, free only how many', async () => {
    const [visited, a, b] = [await member(), await member(), await member()];
    await view(a, visited);
    await view(a, visited);
    await Promise.all([view(b, visited), view(b, visited), view(b, visited)]);
    await view(visited, visited);
    const rows = await visitsOf(visited.id);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.visitorId))).toEqual(new Set([a.id, b.id]));
    expect(await visitsOf(visited.id).then((r) => r.some((v) => v.visitorId === visited.id))).toBe(false);

    // Free: the count, no identities anywhere in the answer.
    const free = await visitors(visited);
    expect(free).toMatchObject({ count: 2, premium: false, items: [], leave_visits: true });
    const body = JSON.stringify(free);
    expect(body).not.toContain(String(a.name));
    expect(body).not.toContain(String(b.name));

    // Premium: the cards, newest visit first.
    await setUser(db(), visited.id, { paidUser: true });
    await view(a, visited);
    const premium = await visitors(visited);
    expect(premium.premium).toBe(true);
    expect(premium.count).toBe(2);
    expect(premium.items.map((i) => i.id)).toEqual([a.id, b.id]);
    expect(premium.items[0]!.name).toBe(a.name);
  });

  it('records no visit of an invisible visitor, nor of one who turned visits off', async () => {
    const [visited, hidden, private_] = [await member(), await member(), await member()];
    await setProfile(db(), hidden.id, { invisible: true });
    await view(hidden, visited);

    const off = await call(ctx, domain, 'PUT', '/api/privacy.php', private_.cookie, { leave_visits: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(privacySettingsSchema.parse(off.json()).leave_visits).toBe(false);
    await view(private_, visited);
    expect(await visitsOf(visited.id)).toHaveLength(0);
    expect((await visitors(private_)).leave_visits).toBe(false);

    // Turned on again: the next visit counts.
    await call(ctx, domain, 'PUT', '/api/privacy.php', private_.cookie, { leave_visits: true });
    await view(private_, visited);
    expect((await visitsOf(visited.id)).map((v) => v.visitorId)).toEqual([private_.id]);
  });

  it('records no visit between blocked members either way, and hides earlier visits once blocked', async () => {
    const [visited, blocker, blockedOne, earlier] = [
      await member(),
      await member(),
      await member(),
      await member(),
    ];
    // The visitor blocked the member: the profile still opens, no visit.
    expect(
      (await call(ctx, domain, 'POST', '/api/block.php', blocker.cookie, { id: visited.id })).statusCode,
    ).toBe(200);
    await view(blocker, visited);
    // The member blocked the visitor: the profile does not open, no visit.
    expect(
      (await call(ctx, domain, 'POST', '/api/block.php', visited.cookie, { id: blockedOne.id })).statusCode,
    ).toBe(200);
    await view(blockedOne, visited, 403);
    expect(await visitsOf(visited.id)).toHaveLength(0);

    await setUser(db(), visited.id, { paidUser: true });
    await view(earlier, visited);
    expect((await visitors(visited)).count).toBe(1);
    await call(ctx, domain, 'POST', '/api/block.php', visited.cookie, { id: earlier.id });
    expect(await visitors(visited)).toMatchObject({ count: 0, items: [] });
  });

  it('forgets visits older than the rule says (the expiry job)', async () => {
    const [visited, a, b] = [await member(), await member(), await member()];
    await view(a, visited);
    await view(b, visited);
    const keep = SAFETY_RULES.visits.keepDays;
    await db()
      .update(profileVisits)
      .set({ day: sql`${profileVisits.day} - ${keep + 1}::int` })
      .where(eq(profileVisits.visitorId, a.id));
    // Older than the window: not listed even before the job runs.
    expect((await visitors(visited)).count).toBe(1);
    expect(await deleteOldVisits(db(), keep)).toBeGreaterThanOrEqual(1);
    expect((await visitsOf(visited.id)).map((v) => v.visitorId)).toEqual([b.id]);
  });

  it('needs a session', async () => {
    expect((await call(ctx, domain, 'GET', '/api/visitors.php')).statusCode).toBe(403);
  });
});
