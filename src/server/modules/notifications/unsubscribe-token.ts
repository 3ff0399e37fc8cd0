import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { NOTIFICATION_TYPES, type NotificationType } from '../../../shared/rules';
import type { Db } from '../../db/client';
import { serverKeys } from '../../db/schema';

/**
 * The one-click unsubscribe links of notification mails (RFC 8058): `<userId>.<type>.<signature>`, signed with a
 * key made on first use and shared by every instance (server_keys 'unsubscribe'). A link only turns off one type's
 * e-mail for one member, so it needs no expiry; it reveals nothing but the member's id.
 */
export async function ensureUnsubscribeKey(db: Db): Promise<Buffer> {
  const [found] = await db.select().from(serverKeys).where(eq(serverKeys.name, 'unsubscribe')).limit(1);
  if (found?.value.secret) return Buffer.from(found.value.secret, 'base64url');
  await db
    .insert(serverKeys)
    .values({ name: 'unsubscribe', value: { secret: randomBytes(32).toString('base64url') } })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, 'unsubscribe')).limit(1);
  return Buffer.from(row!.value.secret!, 'base64url');
}

const sign = (key: Buffer, userId: number, type: string) =>
  createHmac('sha256', key).update(`unsubscribe:${userId}:${type}`).digest('base64url').slice(0, 32);

export function unsubscribeToken(key: Buffer, userId: number, type: NotificationType): string {
  return `${userId}.${type}.${sign(key, userId, type)}`;
}

/** The page that unsubscribes, linked from a notification mail: its footer link and its List-Unsubscribe header. */
export const UNSUBSCRIBE_PATH = '/unsubscribe';

/**
 * The unsubscribe address of a notification mail, on the member's site. The same address is the footer link (a GET
 * shows the page that asks first) and the List-Unsubscribe header (mail clients POST `List-Unsubscribe=One-Click`
 * to it, RFC 8058).
 */
export function unsubscribeUrl(origin: string, key: Buffer, userId: number, type: NotificationType): string {
  return `${origin}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(unsubscribeToken(key, userId, type))}`;
}

/** The member and type of a valid token, or null (constant-time comparison of the signature). */
export function readUnsubscribeToken(
  key: Buffer,
  token: string,
): { userId: number; type: NotificationType } | null {
  const [id, type, signature] = token.split('.');
  if (!id || !type || !signature || !/^\d{1,18}$/.test(id)) return null;
  if (!(NOTIFICATION_TYPES as readonly string[]).includes(type)) return null;
  const userId = Number(id);
  const expected = Buffer.from(sign(key, userId, type));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, type: type as NotificationType };
}
