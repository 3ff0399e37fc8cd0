import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../../shared/schemas/accounts';
import { mailChangeSchema } from '../../../../shared/schemas/accounts';
import { FormAlert, fieldErrors } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { BusyButton } from '../../../components/ui/BusyButton';
import { validateWith } from '../../../lib/form-errors';
import { mailChangeCall, resendActivationCall } from '../../auth/api/accounts';
import { SettingsCard } from './SettingsCard';

/** The e-mail section (#email): the current address and a change form, or the activation reminder. */
export function EmailSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('settings');
  return (
    <SettingsCard id="email" title={t('email.title')} icon="bi-envelope">
      <p className="mb-3">
        <span className="text-body-secondary">{t('email.current')}</span>{' '}
        <strong className="text-break" data-testid="settings-email-current">
          {user.email}
        </strong>
      </p>
      {user.status === 'not_confirmed' ? <ActivationReminder /> : <MailChangeForm />}
    </SettingsCard>
  );
}

function ActivationReminder() {
  const { t } = useTranslation('settings');
  const resend = useMutation({ mutationFn: resendActivationCall });
  return (
    <div data-testid="settings-email-not-confirmed">
      <p className="small text-body-secondary">
        <i className="bi bi-exclamation-circle me-2 text-warning-emphasis" aria-hidden="true" />
        {t('email.not_confirmed')}
      </p>
      <FormAlert error={resend.error} />
      {resend.isSuccess ? (
        <div
          className="alert alert-success py-2 small mb-0"
          role="status"
          data-testid="settings-activation-sent"
        >
          <i className="bi bi-check-circle-fill me-2" aria-hidden="true" />
          {t('email.activation_sent')}
        </div>
      ) : (
        <BusyButton
          type="button"
          className="btn btn-outline-primary rounded-pill"
          busy={resend.isPending}
          onClick={() => resend.mutate()}
          data-testid="settings-activation-resend"
        >
          {t('email.activation_resend')}
        </BusyButton>
      )}
    </div>
  );
}

function MailChangeForm() {
  const { t } = useTranslation('settings');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const change = useMutation({
    mutationFn: (v: { email: string; password: string }) => mailChangeCall(v.email, v.password),
    onSuccess: () => {
      setEmail('');
      setPassword('');
    },
  });
  const serverErrors = fieldErrors(change.error);
  const errors = { ...serverErrors, ...clientErrors };
  const showAlert = change.error && !errors.email && !errors.password;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const values = { email, password };
    const found = validateWith(mailChangeSchema, values, t);
    setClientErrors(found);
    if (Object.keys(found).length > 0) {
      change.reset();
      return;
    }
    change.mutate({ email: email.trim(), password });
  };

  return (
    <form noValidate onSubmit={submit} data-testid="settings-email-form">
      {change.isSuccess && (
        <div className="alert alert-success py-2 small" role="status" data-testid="settings-email-success">
          <i className="bi bi-check-circle-fill me-2" aria-hidden="true" />
          {t('email.success', { email: change.variables.email })}
        </div>
      )}
      {showAlert && <FormAlert error={change.error} />}
      <FormField label={t('email.new')} error={errors.email}>
        {(props) => (
          <input
            {...props}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            maxLength={254}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            data-testid="settings-email-new"
          />
        )}
      </FormField>
      <FormField label={t('email.password')} error={errors.password}>
        {(props) => (
          <input
            {...props}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            data-testid="settings-email-password"
          />
        )}
      </FormField>
      <BusyButton
        type="submit"
        className="btn btn-primary rounded-pill px-4"
        busy={change.isPending}
        data-testid="settings-email-submit"
      >
        {t('email.submit')}
      </BusyButton>
    </form>
  );
}
