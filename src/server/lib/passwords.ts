import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id of @node-rs/argon2 (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;

import { dictionary } from '@zxcvbn-ts/language-common';

/** Argon2id with OWASP's recommended minimum (19 MiB, 2 passes). */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A valid hash to verify against when no account exists, so a failed login takes as long either way. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-only-for-timing');
  await verifyPassword(await dummyHash, password);
}

let common: Set<string> | undefined;
/** True for passwords on zxcvbn's list of about 49,000 common passwords (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}
