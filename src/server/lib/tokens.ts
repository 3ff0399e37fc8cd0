import { createHash, randomBytes } from 'node:crypto';

/** A random 256-bit token, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as their SHA-256: a database leak gives no usable session or link. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
