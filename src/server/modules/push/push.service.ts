import { pushSubscriptionSchema } from '../../../shared/schemas/accounts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { upsertPushSubscription } from './push.repo';

export const pushEndpointTaken = () => new AppError(409, 'push_endpoint_taken');

/**
 * POST /api/user.php?push=1: validates `body` with the shared schema (a malformed or unsafe subscription is a 400
 * validation_failed) and stores it for the member. An endpoint another member stored with other keys is not moved:
 * 409 push_endpoint_taken (see upsertPushSubscription and docs/api.md).
 */
export async function storePushSubscription(db: Db, userId: number, body: unknown): Promise<void> {
  const { subscription } = pushSubscriptionSchema.parse(body);
  if (!(await upsertPushSubscription(db, userId, subscription))) throw pushEndpointTaken();
}
