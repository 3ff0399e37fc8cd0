import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { pathFor } from '../../../shared/routes';
import { loginFormSchema } from '../../../shared/schemas/accounts';
import { RESTRICTED_ERROR } from '../../../shared/schemas/moderation';
import { GuestOnly, safeNext } from '../../app/auth-guards';
import { memberHome } from '../../app/built-routes';
import { FormAlert } from '../../components/form/FormAlert';
import { FormField } from '../../components/form/FormField';
import { PasswordInput } from '../../components/form/PasswordInput';
import { BusyButton } from '../../components/ui/BusyButton';
import { loginCall } from '../../features/auth/api/accounts';
import { useSetUser } from '../../features/auth/api/session';
import { useOpenSignup } from '../../features/signup/open-signup';
import { signupsAllowed } from '../../features/signup/signups-allowed';
import { useSettings } from '../../features/site/api/settings';
import { validateWith } from '../../lib/form-errors';
import { useHead } from '../../lib/head';
import { ApiError } from '../../lib/http';

export function LoginPage() {
  return (
    <GuestOnly>
      <LoginForm />
    </GuestOnly>
  );
}

function LoginForm() {
  const { t } = useTranslation('auth');
  const settings = useSettings();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setUser = useSetUser();
  const openSignup = useOpenSignup();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const login = useMutation({
    mutationFn: () => loginCall(email, password),
    onSuccess: (user) => {
      setUser(user);
      navigate(safeNext(params.get('next')) ?? memberHome(), { replace: true });
    },
    // A suspended or banned member: the ban page with the statement of reasons and the appeal form.
    onError: (err) => {
      const token = err instanceof ApiError ? err.details.restriction : undefined;
      if (err instanceof ApiError && err.code === RESTRICTED_ERROR && typeof token === 'string')
        navigate(`${pathFor('pages-ban')}?t=${encodeURIComponent(token)}`);
    },
  });
  useHead({ title: t('login.title'), siteName: settings.name });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (login.isPending) return;
    // Empty or malformed fields are said at the fields, without asking the server.
    const found = validateWith(loginFormSchema, { email, password }, t);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      login.reset();
      return;
    }
    login.mutate();
  };
  return (
    <section className="container-lg py-4 py-md-5" data-testid="login-page">
      <div className="row justify-content-center">
        <div className="col-sm-10 col-md-7 col-lg-5">
          <div className="card border-0 shadow-sm auth-card">
            <div className="card-body p-4 p-md-5">
              <h1 className="h3 fw-bold mb-1">{t('login.title')}</h1>
              <p className="text-body-secondary mb-4">{t('login.subtitle', { siteName: settings.name })}</p>
              <form onSubmit={submit} noValidate data-testid="login-form">
                <FormAlert error={login.error} />
                <FormField label={t('fields.email')} error={errors.email}>
                  {(p) => (
                    <input
                      {...p}
                      type="email"
                      autoComplete="email"
                      inputMode="email"
                      value={email}
                      onChange={(e) => setEmail(e.target.value)}
                      required
                      name="email"
                    />
                  )}
                </FormField>
                <FormField label={t('fields.password')} error={errors.password}>
                  {(p) => (
                    <PasswordInput
                      {...p}
                      autoComplete="current-password"
                      value={password}
                      onChange={(e) => setPassword(e.target.value)}
                      required
                      name="password"
                    />
                  )}
                </FormField>
                <div className="d-flex justify-content-end mb-3">
                  <Link to="/reset-password" className="small">
                    {t('login.forgot')}
                  </Link>
                </div>
                <BusyButton
                  type="submit"
                  className="btn btn-primary w-100 rounded-pill py-2"
                  busy={login.isPending}
                  data-testid="login-submit"
                >
                  {t('login.submit')}
                </BusyButton>
              </form>
              {signupsAllowed(settings) && (
                <p className="text-center small mt-4 mb-0">
                  {t('login.no_account')}{' '}
                  <button
                    type="button"
                    className="btn btn-link btn-sm p-0 align-baseline"
                    onClick={() => openSignup()}
                  >
                    {t('login.signup')}
                  </button>
                </p>
              )}
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
