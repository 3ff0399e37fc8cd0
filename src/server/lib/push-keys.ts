import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../db/client';
import { serverKeys } from '../db/schema';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The VAPID key pair for web push: generated and stored on first start, the same for every instance. */
export async function ensureVapidKeys(db: Db): Promise<VapidKeys> {
  const existing = await db.select().from(serverKeys).where(eq(serverKeys.name, 'vapid')).limit(1);
  const found = existing[0]?.value;
  if (found?.publicKey && found.privateKey)
    return { publicKey: found.publicKey, privateKey: found.privateKey };
  const keys = webpush.generateVAPIDKeys();
  await db
    .insert(serverKeys)
    .values({ name: 'vapid', value: { publicKey: keys.publicKey, privateKey: keys.privateKey } })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, 'vapid')).limit(1);
  return { publicKey: row!.value.publicKey!, privateKey: row!.value.privateKey! };
}
