import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/http';

/** The form-level error of a failed call: the server's translated message, or a generic one for network trouble. */
export function FormAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  // The server's message for client errors and for its own "busy, try again later" answers (503 with an error code,
  // not a proxy's page); other failures get the generic text.
  const message =
    error instanceof ApiError &&
    error.status > 0 &&
    (error.status < 500 || (error.status === 503 && error.code !== 'http_error' && error.message !== ''))
      ? error.message
      : t('validation:generic');
  return (
    <div className="alert alert-danger py-2 small" role="alert" data-testid="form-error">
      <i className="bi bi-exclamation-triangle-fill me-2" aria-hidden="true" />
      {message}
    </div>
  );
}

/** Per-field messages of a failed call (already translated by the server). */
export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError && error.fields ? error.fields : {};
}
