import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { CONSENT_RULES, type ConsentKind } from '../../../shared/rules';
import type { ConsentState } from '../../../shared/schemas/consents';
import type { Db } from '../../db/client';
import { type Consent, consents } from '../../db/schema';
import { AppError } from '../../lib/app-error';

type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

/** The version of the text a member agrees to now, per kind. */
export function currentVersion(_kind: ConsentKind): number {
  return CONSENT_RULES.sensitiveDataVersion;
}

/**
 * Records that the member agreed to the current text of `kind`. A standing consent of an older version is closed
 * first (withdrawn_at now) so at most one stands; agreeing again to the current version changes nothing. Runs in the
 * caller's transaction (signup records it with the account).
 */
export async function recordConsent(
  tx: Tx,
  userId: number,
  kind: ConsentKind = 'sensitive_data',
): Promise<void> {
  const version = currentVersion(kind);
  // The member's row is locked so two agreements at once (two tabs) cannot both insert.
  await tx.execute(sql`select 1 from users where id = ${userId} for update`);
  const [standing] = await tx
    .select()
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.kind, kind), isNull(consents.withdrawnAt)))
    .limit(1);
  if (standing?.version === version) return;
  if (standing) {
    await tx.update(consents).set({ withdrawnAt: sql`now()` }).where(eq(consents.id, standing.id));
  }
  await tx.insert(consents).values({ userId, kind, version });
}

/** The member's latest consent of a kind (standing or withdrawn), or none. */
async function latestConsent(tx: Tx, userId: number, kind: ConsentKind): Promise<Consent | undefined> {
  const [row] = await tx
    .select()
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.kind, kind)))
    .orderBy(desc(consents.givenAt), desc(consents.id))
    .limit(1);
  return row;
}

export async function consentState(tx: Tx, userId: number): Promise<ConsentState> {
  const row = await latestConsent(tx, userId, 'sensitive_data');
  const version = currentVersion('sensitive_data');
  return {
    sensitive_data: row
      ? {
          version: row.version,
          given_at: row.givenAt.toISOString(),
          withdrawn_at: row.withdrawnAt?.toISOString() ?? null,
        }
      : null,
    current_version: version,
    required: !row || row.withdrawnAt !== null || row.version !== version,
  };
}

export async function giveConsent(db: Db, userId: number): Promise<ConsentState> {
  return db.transaction(async (tx) => {
    await recordConsent(tx, userId, 'sensitive_data');
    return consentState(tx, userId);
  });
}

/**
 * Withdraws the standing consent: from now on the account cannot be used (the app asks again or leads to the
 * deletion flow, which the member was told before confirming). 409 when none stands.
 */
export async function withdrawConsent(db: Db, userId: number): Promise<ConsentState> {
  return db.transaction(async (tx) => {
    const [closed] = await tx
      .update(consents)
      .set({ withdrawnAt: sql`now()` })
      .where(
        and(eq(consents.userId, userId), eq(consents.kind, 'sensitive_data'), isNull(consents.withdrawnAt)),
      )
      .returning({ id: consents.id });
    if (!closed) throw new AppError(409, 'consent_not_given', 'errors.consent_not_given');
    return consentState(tx, userId);
  });
}
