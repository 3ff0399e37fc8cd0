import { describe, expect, it } from 'vitest';
import { autoLikeResponseSchema } from '../../../shared/schemas/matching';
import { createMember, type TestMember } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';
import { addPhoto, call, setUser, viewMember } from '../member-profile/member-profile.fixtures';

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});

const member = () => createMember(ctx, domain);
const like = (m: TestMember, id: number) => call(ctx, domain, 'POST', '/api/like.php', m.cookie, { id });
const autoLike = async (m: TestMember) => {
  const res = await call(ctx, domain, 'GET', '/api/auto-like.php', m.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return autoLikeResponseSchema.parse(res.json());
};

describe('GET /api/auto-like.php', () => {
  it('needs a session', async () => {
    const res = await call(ctx, domain, 'GET', '/api/auto-like.php');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('authentication_required');
  });

  it('announces each real new like once, newest first, with the match image', async () => {
    const me = await member();
    expect(await autoLike(me)).toEqual({ profile: null, match: false });
    const older = await member();
    const newer = await member();
    const photo = await addPhoto(ctx.database.db, newer.id, { isMain: true });
    await like(older, me.id);
    await like(newer, me.id);
    const first = await autoLike(me);
    expect(first).toMatchObject({ profile: { id: newer.id, name: newer.name }, match: false });
    expect(first.profile?.main_image?.match).toContain(photo.storageKey);
    expect(await autoLike(me)).toMatchObject({ profile: { id: older.id, main_image: null } });
    expect(await autoLike(me)).toEqual({ profile: null, match: false });
  });

  it('says match when the viewer likes the liker too (the other side of a match sees the modal)', async () => {
    const a = await member();
    const b = await member();
    await like(a, b.id);
    await like(b, a.id); // b sees the match modal at once; a learns it from the like modal
    expect(await autoLike(a)).toMatchObject({ profile: { id: b.id }, match: true });
  });

  it('never announces a like already seen, or from a hidden, blocked or deleted liker', async () => {
    const me = await member();
    const seen = await member();
    const invisible = await member();
    const blocked = await member();
    const blocker = await member();
    const deleted = await member();
    for (const m of [seen, invisible, blocked, blocker, deleted]) await like(m, me.id);
    await viewMember(ctx, domain, seen.id, me.cookie);
    await call(ctx, domain, 'PUT', '/api/privacy.php', invisible.cookie, { invisible: true });
    await call(ctx, domain, 'POST', '/api/block.php', me.cookie, { id: blocked.id });
    await call(ctx, domain, 'POST', '/api/block.php', blocker.cookie, { id: me.id });
    await setUser(ctx.database.db, deleted.id, { status: 'deleted' });
    expect(await autoLike(me)).toEqual({ profile: null, match: false });
  });

  it('announces a like once when several windows ask at the same time', async () => {
    const me = await member();
    const liker = await member();
    await like(liker, me.id);
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => autoLike(me)));
    expect(answers.filter((a) => a.profile !== null)).toHaveLength(1);
  });
});
