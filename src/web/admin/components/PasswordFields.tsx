import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { STAFF_RULES } from '../../../shared/rules';
import { fieldError } from './form-errors';

/** A new password and its repetition, with the length rule and the server's field messages. */
export function PasswordFields({
  idPrefix,
  password,
  confirm,
  onPassword,
  onConfirm,
  error,
  labels,
}: {
  idPrefix: string;
  password: string;
  confirm: string;
  onPassword: (v: string) => void;
  onConfirm: (v: string) => void;
  error: unknown;
  labels: { password: string; confirm: string };
}) {
  const { t } = useTranslation('console');
  const mismatch = confirm.length > 0 && confirm !== password;
  const passwordError = fieldError(error, 'password');
  const confirmError = mismatch ? t('password.mismatch') : fieldError(error, 'password_confirm');
  return (
    <>
      <Form.Group controlId={`${idPrefix}-password`} className="mb-3">
        <Form.Label>{labels.password}</Form.Label>
        <Form.Control
          type="password"
          value={password}
          onChange={(e) => onPassword(e.target.value)}
          autoComplete="new-password"
          minLength={STAFF_RULES.password.min}
          maxLength={STAFF_RULES.password.max}
          required
          isInvalid={!!passwordError}
          aria-describedby={`${idPrefix}-password-hint`}
          data-testid={`${idPrefix}-password`}
        />
        <Form.Text id={`${idPrefix}-password-hint`}>
          {t('password.hint', { min: STAFF_RULES.password.min })}
        </Form.Text>
        <Form.Control.Feedback type="invalid">{passwordError}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group controlId={`${idPrefix}-confirm`} className="mb-3">
        <Form.Label>{labels.confirm}</Form.Label>
        <Form.Control
          type="password"
          value={confirm}
          onChange={(e) => onConfirm(e.target.value)}
          autoComplete="new-password"
          required
          isInvalid={!!confirmError}
          data-testid={`${idPrefix}-confirm`}
        />
        <Form.Control.Feedback type="invalid">{confirmError}</Form.Control.Feedback>
      </Form.Group>
    </>
  );
}

/** True when the two passwords may be sent (the server checks again). */
export const passwordsReady = (password: string, confirm: string) =>
  password.length >= STAFF_RULES.password.min && password === confirm;
