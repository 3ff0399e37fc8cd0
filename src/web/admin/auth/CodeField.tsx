import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';

/** A 6-digit code of the authenticator app (digits only, filled in by the phone's one-time-code offer). */
export function CodeField({
  id,
  value,
  onChange,
  autoFocus,
}: {
  id: string;
  value: string;
  onChange: (code: string) => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('console');
  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>{t('totp.code')}</Form.Label>
      <Form.Control
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        autoFocus={autoFocus}
        className="console-code-input"
        data-testid="console-totp-code"
      />
      <Form.Text>{t('totp.code_hint')}</Form.Text>
    </Form.Group>
  );
}
