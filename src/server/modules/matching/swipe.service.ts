import { RULES } from '../../../shared/rules';
import type { SwipeDeckResponse, SwipeResponse } from '../../../shared/schemas/matching';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { SessionWithUser } from '../auth/sessions.repo';
import { likeMember } from '../likes/likes.service';
import type { CardSite } from '../member-profile/member-profile.presenter';
import {
  type CandidateFilter,
  type DeckPlace,
  type DeckWalk,
  deckWalks,
  findSwipeDeck,
  type MatchRow,
  type Seeker,
  type SwipeDeckOptions,
} from './matching.repo';
import { effectiveFilter, preferencesFrom, presentMatchCard, seekerOf } from './matching.service';
import { countSwipeLike, findSwipeState, recordSwipe, resetSwipeCursor } from './swipe.repo';

/**
 * The swipe game (issue 9): a deck of members by the member's match preferences that the member has neither liked
 * nor recently passed on; RULES.swipeGame.likesPerDay likes per UTC day (docs/decisions.md "Swipe game").
 */

/** The UTC day of `now` as YYYY-MM-DD. */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);

/** The start of the next UTC day: when the next free likes come. */
export function nextUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

function allowance(used: number, now: Date) {
  const perDay = RULES.swipeGame.likesPerDay;
  return {
    likes_left: Math.max(0, perDay - used),
    likes_per_day: perDay,
    next_free_at: nextUtcDay(now).toISOString(),
  };
}

/** "New likes in 3 h 12 min": the limit message names the wait, which reads right in every time zone. */
export function swipeLimitReached(now: Date): AppError {
  const minutes = Math.max(1, Math.ceil((nextUtcDay(now).getTime() - now.getTime()) / 60_000));
  return new AppError(403, 'swipe_limit_reached', 'errors.swipe_limit_reached', {
    count: RULES.swipeGame.likesPerDay,
    hours: Math.floor(minutes / 60),
    minutes: minutes % 60,
  });
}

type Member = Pick<SessionWithUser, 'user' | 'profile'>;

/**
 * One deal of the deck: the walks of deckWalks one after the other, nearest first (own region, own country,
 * everywhere, as far as the preferences' area reaches), each in activity order. A deal carries on after the furthest
 * card swiped (the cursor, matching.repo swipeDeckSql): the rest of the cursor's walk, then the walks after it from
 * their top. A deal that reaches the end of the deck goes on from the top up to the cursor (`wrapped`: the cursor is
 * to be reset, and the deck carries on from the top). Most deals are one statement: a walk is only left for the next
 * when it has no more cards.
 */
export async function dealSwipeDeck(
  db: Db,
  seeker: Seeker,
  filter: CandidateFilter,
  opts: { limit: number; cursor: DeckPlace | undefined; manySwipes: boolean },
): Promise<{ rows: MatchRow[]; wrapped: boolean }> {
  const { limit, cursor } = opts;
  const walks = deckWalks(seeker, filter);
  const rows: MatchRow[] = [];
  const deal = async (walk: DeckWalk, place: Pick<SwipeDeckOptions, 'after' | 'upTo' | 'hashed'>) => {
    rows.push(
      ...(await findSwipeDeck(db, seeker, filter, {
        limit: limit - rows.length,
        passForgetDays: RULES.swipeGame.passForgetDays,
        walk,
        excludeIds: rows.map((r) => r.id),
        ...place,
      })),
    );
  };
  for (const walk of walks) {
    if (rows.length >= limit) break;
    if (cursor && walk < cursor.band) continue;
    await deal(walk, cursor && walk === cursor.band ? { after: cursor, hashed: opts.manySwipes } : {});
  }
  if (!cursor || rows.length >= limit) return { rows, wrapped: false };
  for (const walk of walks) {
    if (rows.length >= limit || walk > cursor.band) break;
    await deal(walk, walk === cursor.band ? { upTo: cursor } : {});
  }
  return { rows, wrapped: true };
}

/** A deal of the member's deck (dealSwipeDeck) by their preferences, with the day's likes left. */
export async function swipeDeck(db: Db, member: Member, site: CardSite): Promise<SwipeDeckResponse> {
  const now = new Date();
  const p = member.profile;
  const state = await findSwipeState(db, p.userId, utcDay(now));
  const filter = await effectiveFilter(db, p, preferencesFrom(p, state.preferences), now);
  const { rows, wrapped } = await dealSwipeDeck(db, seekerOf(p), filter, {
    limit: RULES.swipeGame.deckSize,
    cursor: state.cursor,
    manySwipes: state.manySwipes,
  });
  if (wrapped) await resetSwipeCursor(db, p.userId);
  return { deck: rows.map((r) => presentMatchCard(r, site, now)), ...allowance(state.likes, now) };
}

/**
 * A swipe: a pass is remembered; a like is a like (likes.service rules: a member one may not like answers like an
 * unknown id) that also counts against the day's likes, in the like's transaction, so that parallel swipes can
 * never give more than the day's likes. Liking a member already liked counts nothing.
 */
export async function swipe(
  db: Db,
  member: Member,
  body: { id: number; action: 'like' | 'pass' },
  site: CardSite,
): Promise<SwipeResponse> {
  const now = new Date();
  const day = utcDay(now);
  const userId = member.user.id;
  if (body.action === 'pass') {
    const used = await recordSwipe(db, userId, body.id, day, true);
    return { match: false, profile: null, ...allowance(used, now) };
  }
  const limit = RULES.swipeGame.likesPerDay;
  const liked = await likeMember(db, member, body.id, site, async (tx) => {
    if ((await countSwipeLike(tx, userId, day, limit)) === undefined) throw swipeLimitReached(now);
  });
  return {
    match: liked.match,
    profile: liked.profile,
    ...allowance(await recordSwipe(db, userId, body.id, day, false), now),
  };
}
