import { generate, generateSecret, generateURI, verify } from 'otplib';
import { STAFF_RULES } from '../../../shared/rules';

const T = STAFF_RULES.totp;

/** A new TOTP secret (160 random bits, Base32), as authenticator apps expect it. */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URI an authenticator app reads from a QR code. */
export function otpauthUri(email: string, secret: string): string {
  return generateURI({ issuer: T.issuer, label: email, secret });
}

/**
 * The time step of a right code (the current step or one before or after it), or null. Whether the step was used
 * already is the database's to decide (consumeTotpStep, one conditional UPDATE).
 */
export async function totpStepOf(secret: string, code: string): Promise<number | null> {
  try {
    const result = await verify({ secret, token: code, epochTolerance: T.periodSeconds * T.windowSteps });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

/** The code of a secret at a moment (default now): for the admin:create output, tests and e2e. */
export function totpCode(secret: string, atMs = Date.now()): Promise<string> {
  return generate({ secret, epoch: Math.floor(atMs / 1000) });
}
