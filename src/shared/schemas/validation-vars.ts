import { ACCOUNT_RULES, RULES, STAFF_RULES } from '../rules';

/** Values shown inside validation messages whose limits are fixed rules. */
export const VALIDATION_VARS: Record<string, Record<string, number>> = {
  'validation.name_length': { min: ACCOUNT_RULES.name.min, max: ACCOUNT_RULES.name.max },
  'validation.password_length': { min: ACCOUNT_RULES.password.min, max: ACCOUNT_RULES.password.max },
  'validation.directdebit.otp_format': { digits: RULES.directDebit.codeDigits },
  'validation.staff_password_length': { min: STAFF_RULES.password.min, max: STAFF_RULES.password.max },
  'validation.staff_name_length': { min: STAFF_RULES.name.min, max: STAFF_RULES.name.max },
};
