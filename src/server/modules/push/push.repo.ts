import { sql } from 'drizzle-orm';
import type { PushSubscriptionData } from '../../../shared/schemas/accounts';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';

/**
 * Stores the subscription for `userId` in one statement (so two accounts racing for one endpoint cannot both win).
 * An endpoint already stored is updated only when it is the member's own, or when its keys are identical (the same
 * browser, now signed in to another account: it moves to that account). Returns false when the endpoint belongs to
 * another member with other keys: nothing was changed.
 */
export async function upsertPushSubscription(
  db: Db,
  userId: number,
  sub: PushSubscriptionData,
): Promise<boolean> {
  const keys = { p256dh: sub.keys.p256dh, auth: sub.keys.auth };
  const rows = await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: sub.endpoint, keys })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, keys },
      setWhere: sql`${pushSubscriptions.userId} = excluded.user_id or ${pushSubscriptions.keys} = excluded.keys`,
    })
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}
