import { ApiError } from '../../lib/http';

/** The server's message for one field of a refused form (already in the console's language), if any. */
export function fieldError(err: unknown, field: string): string | undefined {
  return err instanceof ApiError ? err.fields?.[field] : undefined;
}

/** A refusal that names fields is shown at the fields, not again above the form. */
export const isFieldRefusal = (err: unknown) =>
  err instanceof ApiError && !!err.fields && Object.keys(err.fields).length > 0;
