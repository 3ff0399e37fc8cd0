import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ACCOUNT_RULES } from '../../../shared/rules';
import { passwordResetMailSchema } from '../../../shared/schemas/accounts';
import { isBuilt } from '../../app/built-routes';
import { FormAlert, fieldErrors } from '../../components/form/FormAlert';
import { FormField } from '../../components/form/FormField';
import { BusyButton } from '../../components/ui/BusyButton';
import { passwordResetMailCall } from '../../features/auth/api/accounts';
import { useSettings } from '../../features/site/api/settings';
import { validateWith } from '../../lib/form-errors';
import { useHead } from '../../lib/head';

/** /reset-password: asks for the account's e-mail address and sends a link to choose a new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation('recovery');
  const settings = useSettings();
  useHead({ title: t('reset.title'), siteName: settings.name });

  const [email, setEmail] = useState('');
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  /** The address the mail went to: shows the "check your inbox" state. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sentAgain, setSentAgain] = useState(false);

  const mutation = useMutation({
    mutationFn: (address: string) => passwordResetMailCall(address),
    onSuccess: (_data, address) => setSentTo(address),
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const errors = validateWith(passwordResetMailSchema, { email }, t);
    setClientErrors(errors);
    if (Object.keys(errors).length > 0) {
      mutation.reset();
      return;
    }
    mutation.mutate(email.trim().toLowerCase());
  };

  const chooseOtherAddress = () => {
    setSentTo(null);
    setSentAgain(false);
    mutation.reset();
  };

  const serverFields = fieldErrors(mutation.error);
  const emailError = clientErrors.email ?? serverFields.email;

  return (
    <section className="container-lg py-4 py-md-5" data-testid="reset-password-page">
      <div className="row justify-content-center">
        <div className="col-md-8 col-lg-6">
          <div className="card border-0 shadow-sm">
            <div className="card-body p-4 p-md-5">
              {sentTo ? (
                <div data-testid="reset-password-sent" aria-live="polite">
                  <div className="text-center mb-3">
                    <i className="bi bi-envelope-check display-5 text-primary" aria-hidden="true" />
                  </div>
                  <h1 className="h3 text-center mb-3">{t('reset.sent_title')}</h1>
                  <p>
                    <Trans
                      t={t}
                      i18nKey="reset.sent_text"
                      values={{ email: sentTo, count: ACCOUNT_RULES.tokens.passwordResetHours }}
                      components={{ strong: <strong className="text-break" /> }}
                    />
                  </p>
                  <p className="text-body-secondary small">{t('reset.sent_spam')}</p>
                  <FormAlert error={mutation.error} />
                  {sentAgain && !mutation.isPending && !mutation.error && (
                    <p
                      className="alert alert-success py-2 small"
                      role="status"
                      data-testid="reset-password-sent-again"
                    >
                      <i className="bi bi-check-circle-fill me-2" aria-hidden="true" />
                      {t('reset.sent_again')}
                    </p>
                  )}
                  <div className="d-flex flex-column flex-sm-row flex-wrap gap-2 justify-content-center">
                    <BusyButton
                      type="button"
                      className="btn btn-link"
                      onClick={() => {
                        setSentAgain(false);
                        mutation.mutate(sentTo, { onSuccess: () => setSentAgain(true) });
                      }}
                      busy={mutation.isPending}
                      data-testid="reset-password-send-again"
                    >
                      {t('reset.send_again')}
                    </BusyButton>
                    <button type="button" className="btn btn-link" onClick={chooseOtherAddress}>
                      {t('reset.other_address')}
                    </button>
                  </div>
                </div>
              ) : (
                <>
                  <h1 className="h3 mb-2">{t('reset.title')}</h1>
                  <p className="text-body-secondary">{t('reset.intro')}</p>
                  <form noValidate onSubmit={onSubmit} data-testid="reset-password-form">
                    {!emailError && <FormAlert error={mutation.error} />}
                    <FormField label={t('reset.email')} error={emailError}>
                      {(props) => (
                        <input
                          {...props}
                          type="email"
                          name="email"
                          autoComplete="email"
                          inputMode="email"
                          value={email}
                          onChange={(e) => setEmail(e.target.value)}
                          data-testid="reset-password-email"
                        />
                      )}
                    </FormField>
                    <BusyButton
                      type="submit"
                      className="btn btn-primary rounded-pill w-100"
                      busy={mutation.isPending}
                      data-testid="reset-password-submit"
                    >
                      {t('reset.submit')}
                    </BusyButton>
                  </form>
                </>
              )}
            </div>
          </div>
          {isBuilt('login') && (
            <p className="text-center mt-3">
              <Link to="/login" data-testid="reset-password-login-link">
                <i className="bi bi-arrow-left me-1" aria-hidden="true" />
                {t('back_to_login')}
              </Link>
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
