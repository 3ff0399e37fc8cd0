import { ageOn } from '../../../shared/dates';
import type { MemberPhoto, MemberProfile } from '../../../shared/schemas/member-profile';
import type { ProfileCard } from '../../../shared/schemas/members';
import { isCamKind } from '../../../shared/schemas/profile-kind';
import type { ProfileFieldName } from '../../../shared/schemas/profiles';
import type { Photo, Site } from '../../db/schema';
import { photoUrl, presentPhotoUrls } from '../photos/photos.presenter';
import { isPhotoLocked, type ViewerFacts } from './member-profile.policy';
import type { CardRow, MemberRow } from './member-profile.repo';

/** A member counts as "online recently" when active within this window. */
export const ONLINE_RECENTLY_MS = 15 * 60_000;

/**
 * Names of the site setting visible_profile_fields. `birth_date` stands for the age, which every profile shows
 * anyway; `living_area` stands for region and city (the country is always shown).
 */
export type { ProfileFieldName };

export interface PresentOptions {
  cdnPrefix: string;
  /** the site's visible_profile_fields */
  visibleFields: readonly string[];
}

/** The site settings a card needs. */
export type CardSite = Pick<Site, 'cdnPrefix' | 'visibleProfileFields'>;
export const cardOptions = (site: CardSite): PresentOptions => ({
  cdnPrefix: site.cdnPrefix,
  visibleFields: site.visibleProfileFields,
});

function presentPhoto(
  cdnPrefix: string,
  photo: Photo,
  privacyMode: boolean,
  viewer: ViewerFacts,
): MemberPhoto {
  const locked = isPhotoLocked(photo, privacyMode, viewer);
  return {
    id: photo.id,
    main: photo.isMain,
    locked,
    thumb_filename: locked ? null : photoUrl(cdnPrefix, photo.storageKey, 'thumb'),
    match: locked ? null : photoUrl(cdnPrefix, photo.storageKey, 'match'),
    filename: locked ? null : photoUrl(cdnPrefix, photo.storageKey, 'main'),
  };
}

/**
 * Another member's profile as the viewer may see it: fields the site does not show are null (interests empty);
 * never an e-mail address or the stored location cell.
 */
export function presentMemberProfile(
  member: MemberRow,
  photos: Photo[],
  opts: PresentOptions & {
    viewer: ViewerFacts;
    blockedByMe: boolean;
    /** the viewer likes the member; the member likes the viewer (a match is both) */
    likes?: { likedByMe: boolean; likesMe: boolean };
    now?: Date;
  },
): MemberProfile {
  const p = member.profile;
  const shown = new Set(opts.visibleFields);
  const field = <T>(name: ProfileFieldName, value: T): T | null => (shown.has(name) ? value : null);
  const now = opts.now ?? new Date();
  const livingArea = shown.has('living_area');
  return {
    id: p.userId,
    name: p.name,
    age: ageOn(p.birthDate, now),
    gender: field('gender', p.gender),
    sexuality: field('sexuality', p.sexuality),
    hair_color: field('hair_color', p.hairColor),
    eye_color: field('eye_color', p.eyeColor),
    body_type: field('body_type', p.bodyType),
    relationship_status: field('relationship_status', p.relationshipStatus),
    tattoos: field('tattoos', p.tattoos),
    signup_reason: field('signup_reason', p.signupReason),
    interests: shown.has('interests') ? [...p.interests] : [],
    about: field('about', p.about),
    country: p.country,
    region: livingArea ? p.region : null,
    city: livingArea ? p.city : null,
    fictional: p.fictional,
    kind: p.kind,
    verified: member.verified === true,
    online_recently: now.getTime() - member.lastActiveAt.getTime() <= ONLINE_RECENTLY_MS,
    photos: photos
      .filter((ph) => ph.status === 'active')
      .sort((a, b) => Number(b.isMain) - Number(a.isMain))
      .map((ph) => presentPhoto(opts.cdnPrefix, ph, p.privacyMode, opts.viewer)),
    blocked_by_me: opts.blockedByMe,
    liked_by_me: opts.likes?.likedByMe ?? false,
    match: (opts.likes?.likedByMe ?? false) && (opts.likes?.likesMe ?? false),
  };
}

/** A profile card; the city is shown only when the site shows the living area. */
export function presentProfileCard(row: CardRow, opts: PresentOptions, now: Date = new Date()): ProfileCard {
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.birthDate, now),
    city: opts.visibleFields.includes('living_area') ? row.city : null,
    country: row.country,
    fictional: row.fictional,
    // Cam and resell profiles are always marked as such (docs/decisions.md "Cam section").
    ...(isCamKind(row.kind) ? { kind: row.kind } : {}),
    ...(row.verified ? { verified: true } : {}),
    main_image: row.storageKey
      ? presentPhotoUrls(opts.cdnPrefix, row.storageKey, row.photoStatus ?? 'active')
      : null,
  };
}
