import { LRUCache } from 'lru-cache';
import { ageOn } from '../../../shared/dates';
import { RULES } from '../../../shared/rules';
import type {
  MatchCard,
  MatchFinderResponse,
  MatchPreferences,
  MatchPreferencesResponse,
} from '../../../shared/schemas/matching';
import { ageRangeAround } from '../../../shared/search-defaults';
import { soughtGender } from '../../../shared/seeking';
import type { Db } from '../../db/client';
import type { Profile } from '../../db/schema';
import { fieldError } from '../../lib/app-error';
import { findLikedAmong } from '../likes/likes.repo';
import { type CardSite, cardOptions, presentProfileCard } from '../member-profile/member-profile.presenter';
import { ageBounds } from '../search/search.service';
import {
  type CandidateFilter,
  countCandidates,
  findPreferences,
  findRankedMatches,
  type MatchRow,
  type PreferencesRow,
  type Seeker,
  upsertPreferences,
} from './matching.repo';

export const DEFAULT_RADIUS_KM = 50;

type OwnProfile = Pick<
  Profile,
  | 'userId'
  | 'niche'
  | 'country'
  | 'region'
  | 'latCell'
  | 'lonCell'
  | 'gender'
  | 'sexuality'
  | 'seekingGender'
  | 'birthDate'
  | 'interests'
>;

/**
 * What a member who saved nothing is looking for: whom the member seeks (src/shared/seeking.ts), around the own age
 * (the member search's default range, RULES.searchDefaults), in the own country.
 */
export function defaultPreferences(p: OwnProfile, now: Date = new Date()): MatchPreferences {
  return {
    gender: soughtGender(p),
    ...ageRangeAround(ageOn(p.birthDate, now)),
    area: 'country',
    radius_km: DEFAULT_RADIUS_KM,
    interests: p.interests.slice(0, RULES.matching.maxInterests) as MatchPreferences['interests'],
  };
}

const fromRow = (r: PreferencesRow): MatchPreferences => ({
  gender: r.gender === 'male' || r.gender === 'female' ? r.gender : null,
  min_age: r.minAge,
  max_age: r.maxAge,
  area: r.area as MatchPreferences['area'],
  radius_km: r.radiusKm,
  interests: r.interests as MatchPreferences['interests'],
});

const hasLocation = (p: OwnProfile) => p.latCell !== null && p.lonCell !== null;

/** The saved preferences, or the defaults from the own profile. */
export async function preferencesOf(db: Db, p: OwnProfile): Promise<MatchPreferencesResponse> {
  return preferencesFrom(p, await findPreferences(db, p.userId));
}

/** preferencesOf with the saved row read already (undefined: nothing saved). */
export function preferencesFrom(p: OwnProfile, row: PreferencesRow | undefined): MatchPreferencesResponse {
  return {
    preferences: row ? fromRow(row) : defaultPreferences(p),
    saved: row !== undefined,
    has_location: hasLocation(p),
  };
}

/** Saves the preferences; `nearby` needs a location on the own profile. */
export async function savePreferences(
  db: Db,
  p: OwnProfile,
  prefs: MatchPreferences,
): Promise<MatchPreferencesResponse> {
  if (prefs.area === 'nearby' && !hasLocation(p))
    throw fieldError(400, 'validation_failed', 'area', 'validation.match_area_needs_location');
  await upsertPreferences(db, {
    userId: p.userId,
    gender: prefs.gender,
    minAge: prefs.min_age,
    maxAge: prefs.max_age,
    area: prefs.area,
    radiusKm: prefs.radius_km,
    interests: [...new Set(prefs.interests)],
  });
  return { preferences: prefs, saved: true, has_location: hasLocation(p) };
}

export const seekerOf = (p: OwnProfile): Seeker => ({
  id: p.userId,
  niche: p.niche,
  country: p.country,
  region: p.region,
  latCell: p.latCell,
  lonCell: p.lonCell,
});

/** The database filter of the preferences on `now`; `nearby` without a location falls back to the own country. */
export function candidateFilterOf(
  p: OwnProfile,
  prefs: MatchPreferences,
  now: Date = new Date(),
): CandidateFilter {
  const bounds = ageBounds(prefs.min_age, prefs.max_age, now);
  return {
    gender: prefs.gender,
    bornOnOrBefore: bounds.bornOnOrBefore as string,
    bornAfter: bounds.bornAfter as string,
    area: prefs.area === 'nearby' && !hasLocation(p) ? 'country' : prefs.area,
    radiusKm: prefs.radius_km,
    interests: prefs.interests,
  };
}

/**
 * Whether a member's own area has a page of candidates, per member and filter, for `areaCheckSeconds`: a swipe deal
 * or a match-finder page asked it each time (one statement of three; docs/performance.md "Likes"). A member's
 * candidates change slowly, and the answer only chooses between two reasonable decks.
 */
const areaHasPage = new LRUCache<string, boolean>({
  max: 50_000,
  ttl: RULES.matching.areaCheckSeconds * 1000,
});

/**
 * The filter to use: the preferences' own, except that defaults (nothing saved) look everywhere when the own area
 * has fewer candidates than a page. Defaults are a guess; a new member on a young site should still see people.
 * Saved preferences are the member's choice and are kept as they are.
 */
export async function effectiveFilter(
  db: Db,
  p: OwnProfile,
  prefs: MatchPreferencesResponse,
  now: Date,
): Promise<CandidateFilter> {
  const filter = candidateFilterOf(p, prefs.preferences, now);
  if (prefs.saved || filter.area === 'anywhere') return filter;
  const seeker = seekerOf(p);
  const key = JSON.stringify([seeker, filter]);
  let enough = areaHasPage.get(key);
  if (enough === undefined) {
    const cap = RULES.matching.pageSize;
    enough = (await countCandidates(db, seeker, filter, cap)) >= cap;
    areaHasPage.set(key, enough);
  }
  return enough ? filter : { ...filter, area: 'anywhere' };
}

export function presentMatchCard(row: MatchRow, site: CardSite, now: Date): MatchCard {
  return {
    ...presentProfileCard(row, cardOptions(site), now),
    shared_interests: row.sharedInterests,
    distance_km: row.distanceKm,
  };
}

/** A page of the best-fitting members by the member's preferences (saved or default), with the liked ids. */
export async function rankedMatches(
  db: Db,
  p: OwnProfile,
  page: number,
  site: CardSite,
): Promise<MatchFinderResponse> {
  const prefs = await preferencesOf(db, p);
  const size = RULES.matching.pageSize;
  const now = new Date();
  const rows = await findRankedMatches(db, seekerOf(p), await effectiveFilter(db, p, prefs, now), {
    pool: RULES.matching.candidatePool,
    limit: size + 1,
    offset: (page - 1) * size,
    // Suggestions from preferences never saved (the signup matches) come from near the member first.
    nearFirst: !prefs.saved,
  });
  const items = rows.slice(0, size);
  const liked = await findLikedAmong(
    db,
    p.userId,
    items.map((r) => r.id),
  );
  return {
    items: items.map((r) => presentMatchCard(r, site, now)),
    page,
    has_more: rows.length > size && page < RULES.matching.maxPages,
    liked,
  };
}
