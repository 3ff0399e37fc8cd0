/** A failure with a stable code, an HTTP status and a translatable message key (server i18n). */
export interface FieldError {
  key: string;
  vars?: Record<string, string | number>;
}

export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    public readonly messageKey: string = `errors.${code}`,
    public readonly vars: Record<string, string | number> = {},
    /** Per-field messages (keys of the validation namespace) for form errors. */
    public readonly fields?: Record<string, FieldError>,
    /** Extra members of the error object the client needs (a restricted member's ban-page token). */
    public readonly details?: Record<string, string | number>,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const notFound = (code = 'not_found') => new AppError(404, code);

/** A form error on one field: the answer's message is that field's message. */
export function fieldError(
  statusCode: number,
  code: string,
  field: string,
  key: string,
  vars: Record<string, string | number> = {},
): AppError {
  return new AppError(statusCode, code, key, vars, { [field]: { key, vars } });
}
