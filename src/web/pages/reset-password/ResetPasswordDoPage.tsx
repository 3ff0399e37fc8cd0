import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_RULES } from '../../../shared/rules';
import { passwordResetSchema } from '../../../shared/schemas/accounts';
import { isBuilt, memberHome } from '../../app/built-routes';
import { FormAlert, fieldErrors } from '../../components/form/FormAlert';
import { FormField } from '../../components/form/FormField';
import { BusyButton } from '../../components/ui/BusyButton';
import { passwordResetCall } from '../../features/auth/api/accounts';
import { useSetUser } from '../../features/auth/api/session';
import { useSettings } from '../../features/site/api/settings';
import { validateWith } from '../../lib/form-errors';
import { useHead } from '../../lib/head';
import { ApiError } from '../../lib/http';

/** Tokens the server accepts at all (tokenSchema: 10 to 200 characters). */
const plausibleToken = (token: string) => token.length >= 10 && token.length <= 200;

/** /reset-password/do?token=…: the link of the reset e-mail; sets a new password and logs the member in. */
export function ResetPasswordDoPage() {
  const { t } = useTranslation('recovery');
  const settings = useSettings();
  useHead({ title: t('reset_do.title'), siteName: settings.name });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const setUser = useSetUser();
  const navigate = useNavigate();

  const [password, setPassword] = useState('');
  const [passwordConfirm, setPasswordConfirm] = useState('');
  const [show, setShow] = useState(false);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});

  const mutation = useMutation({
    mutationFn: () => passwordResetCall(token, password, passwordConfirm),
    onSuccess: (user) => {
      setUser(user);
      navigate(memberHome());
    },
  });

  const { error } = mutation;
  const linkError = error instanceof ApiError && error.code === 'link_invalid' ? error : null;
  if (!plausibleToken(token) || linkError) {
    return <InvalidLink message={linkError ? linkError.message : t('validation:reset_link_invalid')} />;
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const errors = validateWith(
      passwordResetSchema,
      { token, password, password_confirm: passwordConfirm },
      t,
    );
    setClientErrors(errors);
    if (Object.keys(errors).length > 0) {
      mutation.reset();
      return;
    }
    mutation.mutate();
  };

  const serverFields = fieldErrors(mutation.error);
  const passwordError = clientErrors.password ?? serverFields.password;
  const confirmError = clientErrors.password_confirm ?? serverFields.password_confirm;
  const inputType = show ? 'text' : 'password';

  return (
    <Page>
      <h1 className="h3 mb-2">{t('reset_do.title')}</h1>
      <p className="text-body-secondary">{t('reset_do.intro')}</p>
      <form noValidate onSubmit={onSubmit} data-testid="reset-password-do-form">
        {!passwordError && !confirmError && <FormAlert error={mutation.error} />}
        <FormField
          label={t('reset_do.password')}
          error={passwordError}
          hint={t('reset_do.password_hint', { min: ACCOUNT_RULES.password.min })}
        >
          {(props) => (
            <div className="input-group">
              <input
                {...props}
                type={inputType}
                name="password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                data-testid="reset-password-do-password"
              />
              <button
                type="button"
                className="btn btn-outline-dark"
                aria-pressed={show}
                aria-label={show ? t('reset_do.hide_password') : t('reset_do.show_password')}
                title={show ? t('reset_do.hide_password') : t('reset_do.show_password')}
                onClick={() => setShow((s) => !s)}
                data-testid="reset-password-do-toggle"
              >
                <i className={`bi ${show ? 'bi-eye-slash' : 'bi-eye'}`} aria-hidden="true" />
              </button>
            </div>
          )}
        </FormField>
        <FormField label={t('reset_do.password_confirm')} error={confirmError}>
          {(props) => (
            <input
              {...props}
              type={inputType}
              name="password_confirm"
              autoComplete="new-password"
              value={passwordConfirm}
              onChange={(e) => setPasswordConfirm(e.target.value)}
              data-testid="reset-password-do-password-confirm"
            />
          )}
        </FormField>
        <BusyButton
          type="submit"
          className="btn btn-primary rounded-pill w-100"
          busy={mutation.isPending}
          data-testid="reset-password-do-submit"
        >
          {t('reset_do.submit')}
        </BusyButton>
      </form>
    </Page>
  );
}

function InvalidLink({ message }: { message: string }) {
  const { t } = useTranslation('recovery');
  return (
    <Page>
      <div className="text-center" data-testid="reset-password-do-invalid">
        <i className="bi bi-link-45deg display-5 text-primary" aria-hidden="true" />
        <h1 className="h3 mt-2 mb-3">{t('reset_do.invalid_title')}</h1>
        <p className="alert alert-warning" role="alert" data-testid="reset-password-do-invalid-message">
          <i className="bi bi-exclamation-triangle-fill me-2" aria-hidden="true" />
          {message}
        </p>
        {isBuilt('reset-password') && (
          <Link
            to="/reset-password"
            className="btn btn-primary rounded-pill px-4"
            data-testid="reset-password-do-request-new"
          >
            {t('reset_do.request_new')}
          </Link>
        )}
      </div>
    </Page>
  );
}

function Page({ children }: { children: ReactNode }) {
  return (
    <section className="container-lg py-4 py-md-5" data-testid="reset-password-do-page">
      <div className="row justify-content-center">
        <div className="col-md-8 col-lg-6">
          <div className="card border-0 shadow-sm">
            <div className="card-body p-4 p-md-5">{children}</div>
          </div>
        </div>
      </div>
    </section>
  );
}
