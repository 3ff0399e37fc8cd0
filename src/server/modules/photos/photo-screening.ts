import { and, eq, sql } from 'drizzle-orm';
import type { NsfwScores } from '../../../shared/schemas/admin-photos';
import type { Db } from '../../db/client';
import { photos, sites, users } from '../../db/schema';
import { DrainQueue } from '../../lib/drain-queue';
import type { MediaStorage } from '../../lib/storage';
import type { Tx } from '../accounts/accounts.repo';
import { announceListingChange } from '../search/search.cache';
import { explicitScore, type PhotoClassifier } from './photo-classifier';
import { photoKey } from './photos.presenter';

/** A claimed photo is someone else's to score for this long; after it, a crashed instance's claim lapses. */
const CLAIM_SECONDS = 120;

export type ScreeningOutcome =
  | { kind: 'scored'; scores: NsfwScores; flagged: boolean; public: boolean }
  | { kind: 'failed' };

/**
 * What a screened photo becomes (docs/decisions.md "Photo moderation"): at or above the site's threshold it is
 * flagged and held for a moderator whatever the site's mode; on an 'after' site any other photo is public at once
 * and still queued for a look; on a 'before' site it is held until approved. A photo that could not be scored is
 * held (never a made-up score, never public unchecked).
 */
export function screeningDecision(
  scores: NsfwScores | null,
  site: { photoReview: string; photoExplicitThreshold: number },
): ScreeningOutcome {
  if (!scores) return { kind: 'failed' };
  const flagged = explicitScore(scores) * 100 >= site.photoExplicitThreshold;
  return { kind: 'scored', scores, flagged, public: !flagged && site.photoReview === 'after' };
}

interface Claimed {
  id: number;
  storageKey: string;
}

/** Claims the oldest waiting photo nobody is scoring (SKIP LOCKED: several instances share the work). */
async function claimWaiting(db: Db): Promise<Claimed | undefined> {
  const result = await db.execute(sql`
    update photos set screen_claimed_at = now()
    where id = (
      select id from photos
      where screening = 'waiting'
        and (screen_claimed_at is null or screen_claimed_at < now() - make_interval(secs => ${CLAIM_SECONDS}))
      order by id limit 1 for update skip locked
    )
    returning id, storage_key`);
  const row = (result as unknown as { rows: { id: number | string; storage_key: string }[] }).rows[0];
  return row ? { id: Number(row.id), storageKey: row.storage_key } : undefined;
}

/**
 * Applies a score to a photo still waiting (a photo deleted meanwhile, or scored by another instance, is left
 * alone). Returns whether a public main photo appeared (search cards must change).
 */
async function applyScore(tx: Tx, photoId: number, scores: NsfwScores | null): Promise<boolean> {
  const [row] = await tx
    .select({
      screening: photos.screening,
      isMain: photos.isMain,
      photoReview: sites.photoReview,
      photoExplicitThreshold: sites.photoExplicitThreshold,
    })
    .from(photos)
    .innerJoin(users, eq(users.id, photos.userId))
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(eq(photos.id, photoId))
    .for('update', { of: photos });
  if (row?.screening !== 'waiting') return false;
  const outcome = screeningDecision(scores, row);
  await tx
    .update(photos)
    .set(
      outcome.kind === 'scored'
        ? {
            screening: 'scored',
            nsfwScores: outcome.scores,
            flagged: outcome.flagged,
            status: outcome.public ? 'active' : 'pending',
            review: 'queued',
            screenedAt: new Date(),
          }
        : { screening: 'failed', status: 'pending', review: 'queued', screenedAt: new Date() },
    )
    .where(and(eq(photos.id, photoId), eq(photos.screening, 'waiting')));
  return outcome.kind === 'scored' && outcome.public && row.isMain;
}

export interface ScreeningDeps {
  db: Db;
  storage: MediaStorage;
  classifier: PhotoClassifier;
  /** told of a photo that could not be scored (no member data, no file name) */
  warn(msg: string, err: unknown): void;
}

/**
 * The screening queue: an upload stores its photo as 'waiting' (held, visible to its owner only) and kicks the
 * queue, which scores waiting photos one at a time behind the request; the scheduler's job drains whatever is left
 * (a restart, another instance's crash). Scores are stored on the photo.
 */
export class PhotoScreening extends DrainQueue {
  constructor(private readonly deps: ScreeningDeps) {
    super();
  }

  protected workOne(): Promise<boolean> {
    return this.screenOne();
  }

  /** Scores one waiting photo; false when there was none. */
  async screenOne(): Promise<boolean> {
    const { db, storage, classifier } = this.deps;
    let claimed: Claimed | undefined;
    try {
      claimed = await claimWaiting(db);
    } catch (err) {
      this.deps.warn('photo screening: claiming failed', err);
      return false;
    }
    if (!claimed) return false;
    let scores: NsfwScores | null = null;
    try {
      const file = await storage.get(photoKey(claimed.storageKey, 'match'));
      if (!file) throw new Error('the stored photo file is missing');
      scores = await classifier.classify(file);
    } catch (err) {
      this.deps.warn(`photo screening: photo ${claimed.id} could not be scored`, err);
    }
    const id = claimed.id;
    const newPublicMain = await db.transaction((tx) => applyScore(tx, id, scores));
    if (newPublicMain) announceListingChange();
    return true;
  }
}
