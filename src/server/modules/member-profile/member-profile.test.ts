import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberProfileSchema } from '../../../shared/schemas/member-profile';
import { blocks, photos, profiles } from '../../db/schema';
import { createMember, type TestMember } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';
import {
  addPhoto,
  call,
  setProfile,
  setUser,
  startConversation,
  viewMember,
} from './member-profile.fixtures';
import { isPhotoLocked, memberAccess, type ViewerFacts } from './member-profile.policy';

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});

const db = () => ctx.database.db;

/** Two fresh members with a full profile. */
async function pair(): Promise<[TestMember, TestMember]> {
  const a = await createMember(ctx, domain);
  const b = await createMember(ctx, domain);
  for (const m of [a, b]) {
    await setProfile(db(), m.id, {
      gender: 'female',
      sexuality: 'hetero',
      hairColor: 'brown',
      eyeColor: 'green',
      bodyType: 'slim',
      relationshipStatus: 'single',
      tattoos: 'none',
      signupReason: 'dating',
      interests: ['travelling'],
      about: 'I like long walks.',
      country: 'NL',
      region: 'NH',
      city: 'Amsterdam',
      latCell: 52.37,
      lonCell: 4.89,
    });
  }
  return [a, b];
}

const lockedOf = (res: { json(): { profile: { photos: { id: number; locked: boolean }[] } } }) =>
  Object.fromEntries(res.json().profile.photos.map((p) => [p.id, p.locked]));

describe('two-member privacy matrix', () => {
  it('answers 403/404 for every call on the other member and changes nothing', async () => {
    const [a, b] = await pair();
    const bPhoto = await addPhoto(db(), b.id, { isMain: true });
    const bSecond = await addPhoto(db(), b.id);
    const [bBefore] = await db().select().from(profiles).where(eq(profiles.userId, b.id));

    // Viewing the other's public profile is allowed and leaks nothing private.
    const view = await viewMember(ctx, domain, b.id, a.cookie);
    expect(view.statusCode).toBe(200);
    expect(memberProfileSchema.strict().safeParse(view.json().profile).success).toBe(true);
    expect(view.body).not.toContain(b.email);
    expect(view.body).not.toMatch(/"(lat|lon|lat_cell|lon_cell|latCell|lonCell|email|storage_key)"/i);
    expect(view.body).not.toContain('52.37');
    expect(view.body).not.toContain('4.89');

    // Photos: the list is the caller's own; changing or deleting the other's photo is not found.
    const list = await call(ctx, domain, 'GET', '/api/photos.php', a.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json().photos).toEqual([]);
    const makePrivate = await call(ctx, domain, 'PUT', '/api/photos.php', a.cookie, {
      id: bPhoto.id,
      private: true,
    });
    expect(makePrivate.statusCode).toBe(404);
    const makeMain = await call(ctx, domain, 'PUT', '/api/photos.php', a.cookie, {
      id: bSecond.id,
      main: true,
    });
    expect(makeMain.statusCode).toBe(404);
    const del = await call(ctx, domain, 'DELETE', '/api/photos.php', a.cookie, { id: bPhoto.id });
    expect(del.statusCode).toBe(404);
    const bPhotos = await db().select().from(photos).where(eq(photos.userId, b.id));
    expect(bPhotos).toHaveLength(2);
    expect(bPhotos.find((p) => p.id === bPhoto.id)).toMatchObject({ isMain: true, isPrivate: false });
    expect(bPhotos.find((p) => p.id === bSecond.id)).toMatchObject({ isMain: false, isPrivate: false });

    // The profile update has no member id: it always changes the caller's own profile only.
    const put = await call(ctx, domain, 'PUT', '/api/profile.php', a.cookie, {
      id: b.id,
      user_id: b.id,
      about: 'Changed by A',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().profile.id).toBe(a.id);
    expect(put.json().profile.about).toBe('Changed by A');

    // Privacy settings are the caller's own only.
    await setProfile(db(), b.id, { privacyMode: true });
    const priv = await call(ctx, domain, 'GET', `/api/privacy.php?id=${b.id}`, a.cookie);
    expect(priv.json()).toEqual({ invisible: false, privacy_mode: false, leave_visits: true });
    const privPut = await call(ctx, domain, 'PUT', '/api/privacy.php', a.cookie, {
      id: b.id,
      invisible: true,
    });
    expect(privPut.json()).toEqual({ invisible: true, privacy_mode: false, leave_visits: true });
    await call(ctx, domain, 'PUT', '/api/privacy.php', a.cookie, { invisible: false });

    // B blocks A: A cannot lift B's block by unblocking B, and still gets 403 on B's profile.
    expect((await call(ctx, domain, 'POST', '/api/block.php', b.cookie, { id: a.id })).statusCode).toBe(200);
    expect((await call(ctx, domain, 'DELETE', '/api/block.php', a.cookie, { id: b.id })).statusCode).toBe(
      200,
    );
    expect((await viewMember(ctx, domain, b.id, a.cookie)).statusCode).toBe(403);
    const bBlocks = await db().select().from(blocks).where(eq(blocks.blockerId, b.id));
    expect(bBlocks.map((r) => r.blockedId)).toEqual([a.id]);
    // A's blocked list does not show B's blocks.
    expect((await call(ctx, domain, 'GET', '/api/block.php', a.cookie)).json().blocked).toEqual([]);

    const [bAfter] = await db().select().from(profiles).where(eq(profiles.userId, b.id));
    expect({ ...bAfter, privacyMode: false, updatedAt: null }).toEqual({
      ...bBefore,
      privacyMode: false,
      updatedAt: null,
    });
  });

  it('refuses every member-only call to a logged-out visitor', async () => {
    const [, b] = await pair();
    const bPhoto = await addPhoto(db(), b.id, { isMain: true });
    const calls: [Parameters<typeof call>[2], string, object?][] = [
      ['GET', '/api/photos.php'],
      ['PUT', '/api/photos.php', { id: bPhoto.id, private: true }],
      ['DELETE', '/api/photos.php', { id: bPhoto.id }],
      ['PUT', '/api/profile.php', { about: 'x' }],
      ['GET', '/api/privacy.php'],
      ['PUT', '/api/privacy.php', { invisible: true }],
      ['GET', '/api/block.php'],
      ['POST', '/api/block.php', { id: b.id }],
      ['DELETE', '/api/block.php', { id: b.id }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await call(ctx, domain, method, url, undefined, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.code, `${method} ${url}`).toBe('authentication_required');
    }
    const [row] = await db().select().from(photos).where(eq(photos.id, bPhoto.id));
    expect(row).toMatchObject({ isPrivate: false, isMain: true });
  });
});

describe('GET /api/member.php', () => {
  it('answers 404 member_not_found for unknown, unconfirmed, deleted and disabled members', async () => {
    const [a, b] = await pair();
    const unconfirmed = await createMember(ctx, domain, { confirm: false });
    const notFound = async (id: number | string) => {
      const res = await call(ctx, domain, 'GET', `/api/member.php?id=${id}`, a.cookie);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json().error).toEqual({
        code: 'member_not_found',
        message: 'This profile is not available.',
      });
    };
    await notFound(987_654_321);
    await notFound(unconfirmed.id);
    await setProfile(db(), b.id, { status: 'disabled' });
    await notFound(b.id);
    await setProfile(db(), b.id, { status: 'active' });
    expect((await viewMember(ctx, domain, b.id, a.cookie)).statusCode).toBe(200);
    await setUser(db(), b.id, { status: 'deleted' });
    await notFound(b.id);
    expect((await call(ctx, domain, 'GET', '/api/member.php?id=abc', a.cookie)).statusCode).toBe(400);
    expect((await call(ctx, domain, 'GET', '/api/member.php?id=-3', a.cookie)).statusCode).toBe(400);
  });

  it("shows the viewer's own profile, with every own photo", async () => {
    const [a] = await pair();
    const main = await addPhoto(db(), a.id, { isMain: true });
    const priv = await addPhoto(db(), a.id, { isPrivate: true });
    await setProfile(db(), a.id, { invisible: true, privacyMode: true });
    const res = await viewMember(ctx, domain, a.id, a.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.id).toBe(a.id);
    expect(lockedOf(res)).toEqual({ [main.id]: false, [priv.id]: false });
    expect(res.json().profile.blocked_by_me).toBe(false);
  });

  it('shows only the fields of visible_profile_fields; the age and country always', async () => {
    const [a, b] = await pair();
    const full = (await viewMember(ctx, domain, b.id, a.cookie)).json().profile;
    expect(full).toMatchObject({
      id: b.id,
      name: b.name,
      gender: 'female',
      sexuality: 'hetero',
      hair_color: 'brown',
      eye_color: 'green',
      body_type: 'slim',
      relationship_status: 'single',
      tattoos: 'none',
      signup_reason: 'dating',
      interests: ['travelling'],
      about: 'I like long walks.',
      country: 'NL',
      region: 'NH',
      city: 'Amsterdam',
      fictional: false,
      blocked_by_me: false,
    });
    expect(full.age).toBeGreaterThanOrEqual(30);

    const narrow = (await ctx.createSite({ visibleProfileFields: ['gender', 'birth_date'] })).domain;
    const res = await viewMember(ctx, narrow, b.id, a.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      gender: 'female',
      age: full.age,
      sexuality: null,
      hair_color: null,
      eye_color: null,
      body_type: null,
      relationship_status: null,
      tattoos: null,
      signup_reason: null,
      interests: [],
      about: null,
      country: 'NL',
      region: null,
      city: null,
    });
    for (const card of res.json().related) expect(card.city).toBeNull();
  });

  it('tells whether the member was online in the last 15 minutes', async () => {
    const [a, b] = await pair();
    await setUser(db(), b.id, { lastActiveAt: new Date() });
    expect((await viewMember(ctx, domain, b.id, a.cookie)).json().profile.online_recently).toBe(true);
    await setUser(db(), b.id, { lastActiveAt: new Date(Date.now() - 16 * 60_000) });
    expect((await viewMember(ctx, domain, b.id, a.cookie)).json().profile.online_recently).toBe(false);
  });

  it('lists active photos only, main first; private photos only for premium viewers with a conversation', async () => {
    const [a, b] = await pair();
    const other = await addPhoto(db(), b.id);
    const priv = await addPhoto(db(), b.id, { isPrivate: true });
    await addPhoto(db(), b.id, { status: 'pending' });
    await addPhoto(db(), b.id, { status: 'rejected' });
    const main = await addPhoto(db(), b.id, { isMain: true });

    const free = await viewMember(ctx, domain, b.id, a.cookie);
    expect(free.json().profile.photos.map((p: { id: number }) => p.id)).toEqual([main.id, other.id, priv.id]);
    expect(lockedOf(free)).toEqual({ [main.id]: false, [other.id]: false, [priv.id]: true });
    const lockedPhoto = free.json().profile.photos.find((p: { id: number }) => p.id === priv.id);
    expect(lockedPhoto).toEqual({
      id: priv.id,
      main: false,
      locked: true,
      thumb_filename: null,
      match: null,
      filename: null,
    });
    const open = free.json().profile.photos[0];
    expect(open.filename).toMatch(/\/media\/test\/.+-main\.jpg$/);
    expect(open.thumb_filename).toMatch(/-thumb\.jpg$/);
    expect(open.match).toMatch(/-match\.jpg$/);

    // Premium without a conversation: still locked.
    await setUser(db(), a.id, { paidUser: true });
    expect(lockedOf(await viewMember(ctx, domain, b.id, a.cookie))[priv.id]).toBe(true);
    // Premium with a conversation: shown.
    await startConversation(db(), a.id, b.id);
    expect(lockedOf(await viewMember(ctx, domain, b.id, a.cookie))[priv.id]).toBe(false);
    // A free viewer with a conversation: locked.
    await setUser(db(), a.id, { paidUser: false });
    expect(lockedOf(await viewMember(ctx, domain, b.id, a.cookie))[priv.id]).toBe(true);

    // A logged-out visitor sees the main photo only.
    const anon = await viewMember(ctx, domain, b.id);
    expect(anon.statusCode).toBe(200);
    expect(lockedOf(anon)).toEqual({ [main.id]: false, [other.id]: true, [priv.id]: true });
  });

  it('privacy mode locks every photo but the main one for viewers without a conversation', async () => {
    const [a, b] = await pair();
    const main = await addPhoto(db(), b.id, { isMain: true });
    const other = await addPhoto(db(), b.id);
    const priv = await addPhoto(db(), b.id, { isPrivate: true });
    await setProfile(db(), b.id, { privacyMode: true });
    await setUser(db(), a.id, { paidUser: true });
    expect(lockedOf(await viewMember(ctx, domain, b.id, a.cookie))).toEqual({
      [main.id]: false,
      [other.id]: true,
      [priv.id]: true,
    });
    await startConversation(db(), a.id, b.id);
    expect(lockedOf(await viewMember(ctx, domain, b.id, a.cookie))).toEqual({
      [main.id]: false,
      [other.id]: false,
      [priv.id]: false,
    });
  });

  it('hides an invisible member from strangers but not from chat partners', async () => {
    const [a, b] = await pair();
    const partner = await createMember(ctx, domain);
    await startConversation(db(), b.id, partner.id);
    await setProfile(db(), b.id, { invisible: true });
    const stranger = await viewMember(ctx, domain, b.id, a.cookie);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.code).toBe('member_not_found');
    expect((await viewMember(ctx, domain, b.id)).statusCode).toBe(404);
    const seen = await viewMember(ctx, domain, b.id, partner.cookie);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().profile.id).toBe(b.id);
    expect((await viewMember(ctx, domain, b.id, b.cookie)).statusCode).toBe(200);
  });

  it('lets logged-out visitors look unless the site allows them no search at all', async () => {
    const [, b] = await pair();
    expect((await viewMember(ctx, domain, b.id)).statusCode).toBe(200);
    const closed = (await ctx.createSite({ loggedOutSearch: 'none' })).domain;
    const res = await viewMember(ctx, closed, b.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('authentication_required');
    const [a] = await pair();
    expect((await viewMember(ctx, closed, b.id, a.cookie)).statusCode).toBe(200);
  });

  it('lists similar members: same niche, gender and country, never hidden, blocked, the member or the viewer', async () => {
    const site = await ctx.createSite({ niche: 6 });
    const d = site.domain;
    // A gender value of this test only keeps members of other tests and earlier runs (shared database) out.
    const gender = `g${randomBytes(4).toString('hex')}`;
    const make = async (set: Parameters<typeof setProfile>[2], recency: number) => {
      const m = await createMember(ctx, d);
      await setProfile(db(), m.id, { niche: 6, gender, country: 'NZ', city: 'Nelson', ...set });
      await setUser(db(), m.id, { lastActiveAt: new Date(Date.now() - (10 - recency) * 60_000) });
      return m;
    };
    const member = await make({}, 9);
    const viewer = await make({}, 8);
    const similarOld = await make({}, 1);
    const similarNew = await make({}, 2);
    const withPhoto = await make({}, 3);
    const photo = await addPhoto(db(), withPhoto.id, { isMain: true });
    const invisible = await make({ invisible: true }, 7);
    const otherGender = await make({ gender: `${gender}x` }, 7);
    const australian = await make({ country: 'AU' }, 7);
    const otherNiche = await make({ niche: 1 }, 7);
    const disabled = await make({ status: 'disabled' }, 7);
    const blockedByViewer = await make({}, 7);
    const blockerOfViewer = await make({}, 7);
    await db()
      .insert(blocks)
      .values([
        { blockerId: viewer.id, blockedId: blockedByViewer.id },
        { blockerId: blockerOfViewer.id, blockedId: viewer.id },
      ]);

    const res = await viewMember(ctx, d, member.id, viewer.cookie);
    expect(res.statusCode).toBe(200);
    const related = res.json().related as { id: number; main_image: { filename: string } | null }[];
    expect(related.map((r) => r.id)).toEqual([withPhoto.id, similarNew.id, similarOld.id]);
    const ids = related.map((r) => r.id);
    for (const hidden of [
      member,
      viewer,
      invisible,
      otherGender,
      australian,
      otherNiche,
      disabled,
      blockedByViewer,
      blockerOfViewer,
    ])
      expect(ids).not.toContain(hidden.id);
    expect(related[0]!.main_image?.filename).toContain(photo.storageKey);
    expect(related[1]!.main_image).toBeNull();
    expect(res.body).not.toMatch(/"(email|lat|lon|lat_cell|latCell)"/i);

    // Logged out: the viewer is a similar member too, and nobody's blocks apply; at most six cards.
    const anon = (await viewMember(ctx, d, member.id)).json().related.map((r: { id: number }) => r.id);
    expect(anon).toHaveLength(6);
    expect(anon[0]).toBe(viewer.id);
    expect(anon.slice(1, 3).sort()).toEqual([blockedByViewer.id, blockerOfViewer.id].sort());
    expect(anon.slice(3)).toEqual([withPhoto.id, similarNew.id, similarOld.id]);
    const extra = await make({}, 0);
    const capped = (await viewMember(ctx, d, member.id)).json().related.map((r: { id: number }) => r.id);
    expect(capped).toHaveLength(6);
    expect(capped).not.toContain(extra.id);
  });
});

describe('member profile policy', () => {
  const viewer = (over: Partial<ViewerFacts> = {}): ViewerFacts => ({
    viewerId: 1,
    premium: false,
    isOwner: false,
    hasConversation: false,
    ...over,
  });
  const member = { userStatus: 'active', profileStatus: 'active', invisible: false, blockedViewer: false };

  it('decides who may see a member', () => {
    expect(memberAccess(member, viewer())).toBe('visible');
    expect(memberAccess({ ...member, userStatus: 'not_confirmed' }, viewer())).toBe('not_found');
    expect(memberAccess({ ...member, userStatus: 'deleted' }, viewer())).toBe('not_found');
    expect(memberAccess({ ...member, profileStatus: 'disabled' }, viewer())).toBe('not_found');
    expect(memberAccess({ ...member, invisible: true }, viewer())).toBe('not_found');
    expect(memberAccess({ ...member, invisible: true }, viewer({ hasConversation: true }))).toBe('visible');
    expect(memberAccess({ ...member, blockedViewer: true }, viewer())).toBe('blocked_by_member');
    expect(memberAccess({ ...member, invisible: true }, viewer({ isOwner: true }))).toBe('visible');
  });

  it('decides which photos are locked', () => {
    const main = { isMain: true, isPrivate: false };
    const plain = { isMain: false, isPrivate: false };
    const priv = { isMain: false, isPrivate: true };
    expect(isPhotoLocked(plain, false, viewer())).toBe(false);
    expect(isPhotoLocked(priv, false, viewer())).toBe(true);
    expect(isPhotoLocked(priv, false, viewer({ premium: true }))).toBe(true);
    expect(isPhotoLocked(priv, false, viewer({ hasConversation: true }))).toBe(true);
    expect(isPhotoLocked(priv, false, viewer({ premium: true, hasConversation: true }))).toBe(false);
    expect(isPhotoLocked(plain, true, viewer())).toBe(true);
    expect(isPhotoLocked(main, true, viewer())).toBe(false);
    expect(isPhotoLocked(plain, true, viewer({ hasConversation: true }))).toBe(false);
    expect(isPhotoLocked(plain, false, viewer({ viewerId: null }))).toBe(true);
    expect(isPhotoLocked(main, false, viewer({ viewerId: null }))).toBe(false);
    expect(isPhotoLocked(priv, true, viewer({ isOwner: true }))).toBe(false);
  });
});
