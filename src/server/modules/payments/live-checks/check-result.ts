/**
 * What one pre-launch check of a provider saw (scripts/verify-providers.ts, docs/payments.md "Before going live").
 *
 * - `ok`: the provider behaved as the product expects;
 * - `not_as_expected`: the check ran and the provider did something else (the script exits non-zero);
 * - `skipped`: the check could not run (no credentials, or a person has to act first: `next` says what).
 */
export type CheckStatus = 'ok' | 'not_as_expected' | 'skipped';

export interface CheckResult {
  /** a stable name, e.g. `mollie.mandate-status` */
  check: string;
  status: CheckStatus;
  /** what the check saw (for `skipped`: why it did not run) */
  saw: string;
  /** what the operator does next (a checkout URL to complete, the command to run again) */
  next?: string;
}

export const ok = (check: string, saw: string): CheckResult => ({ check, status: 'ok', saw });
export const notAsExpected = (check: string, saw: string, next?: string): CheckResult =>
  next === undefined
    ? { check, status: 'not_as_expected', saw }
    : { check, status: 'not_as_expected', saw, next };
export const skipped = (check: string, why: string, next?: string): CheckResult =>
  next === undefined ? { check, status: 'skipped', saw: why } : { check, status: 'skipped', saw: why, next };

const LABEL: Record<CheckStatus, string> = {
  ok: 'OK',
  not_as_expected: 'NOT AS EXPECTED',
  skipped: 'SKIPPED',
};

/** One result as the script prints it (`OK  name: what it saw`, `SKIPPED  name: why`), the next step below it. */
export function formatResult(result: CheckResult): string {
  const head = `${LABEL[result.status]}  ${result.check}: ${result.saw}`;
  return result.next === undefined ? head : `${head}\n    next: ${result.next}`;
}

/** The script's exit code: 1 when any check ran and failed, else 0 (skipped checks do not fail the run). */
export function exitCodeOf(results: readonly CheckResult[]): number {
  return results.some((r) => r.status === 'not_as_expected') ? 1 : 0;
}

/** The message of an error from a provider client, for a result line (Mollie's and Twilio's errors carry no key). */
export function errorText(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const status = Reflect.get(error, 'statusCode') ?? Reflect.get(error, 'status');
    const code = Reflect.get(error, 'code');
    const message = Reflect.get(error, 'message');
    const parts = [
      typeof status === 'number' ? `HTTP ${status}` : undefined,
      typeof code === 'number' || (typeof code === 'string' && code !== '') ? `error ${code}` : undefined,
      typeof message === 'string' ? message : undefined,
    ].filter((p): p is string => p !== undefined);
    if (parts.length > 0) return parts.join(', ');
  }
  return String(error);
}
