import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Props = Omit<React.InputHTMLAttributes<HTMLInputElement>, 'type'>;

/** A password input with a show/hide toggle. */
export function PasswordInput(props: Props) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <div className="input-group password-input">
      <input {...props} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="btn btn-light border"
        aria-pressed={visible}
        aria-label={visible ? t('password.hide') : t('password.show')}
        onClick={() => setVisible((v) => !v)}
      >
        <i className={`bi ${visible ? 'bi-eye-slash' : 'bi-eye'}`} aria-hidden="true" />
      </button>
    </div>
  );
}
