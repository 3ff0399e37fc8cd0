import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema';
import { createMember } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';
import { call } from '../member-profile/member-profile.fixtures';

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});

describe('/api/privacy.php', () => {
  it('reads and changes the signed-in member invisible and privacy modes', async () => {
    const m = await createMember(ctx, domain);
    const get = () => call(ctx, domain, 'GET', '/api/privacy.php', m.cookie);
    const put = (body: object) => call(ctx, domain, 'PUT', '/api/privacy.php', m.cookie, body);
    const first = await get();
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json()).toEqual({ invisible: false, privacy_mode: false, leave_visits: true });

    expect((await put({ invisible: true })).json()).toMatchObject({ invisible: true, privacy_mode: false });
    expect((await put({ privacy_mode: true })).json()).toMatchObject({ invisible: true, privacy_mode: true });
    expect((await put({})).json()).toEqual({ invisible: true, privacy_mode: true, leave_visits: true });
    expect((await put({ leave_visits: false })).json()).toEqual({
      invisible: true,
      privacy_mode: true,
      leave_visits: false,
    });
    expect((await get()).json()).toEqual({ invisible: true, privacy_mode: true, leave_visits: false });
    const [row] = await ctx.database.db.select().from(profiles).where(eq(profiles.userId, m.id));
    expect(row).toMatchObject({ invisible: true, privacyMode: true, leaveVisits: false });

    expect((await put({ invisible: 'yes' })).statusCode).toBe(400);
    expect((await put({ invisible: false, privacy_mode: false })).json()).toEqual({
      invisible: false,
      privacy_mode: false,
      leave_visits: false,
    });
  });
});
