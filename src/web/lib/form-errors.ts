import type { TFunction } from 'i18next';
import type { ZodType } from 'zod';
import { VALIDATION_VARS } from '../../shared/schemas/validation-vars';

/**
 * Validates form values with a shared zod schema on the client, so the member sees the same translated messages
 * the server would give, before anything is sent. Returns field -> message (empty when valid).
 */
export function validateWith(
  schema: ZodType,
  values: unknown,
  t: TFunction,
  vars: Record<string, string | number> = {},
): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    if (errors[field]) continue;
    const key = issue.message.startsWith('validation.')
      ? issue.message.replace('validation.', 'validation:')
      : 'common:error.default';
    errors[field] = t(key, { ...vars, ...VALIDATION_VARS[issue.message] });
  }
  return errors;
}
