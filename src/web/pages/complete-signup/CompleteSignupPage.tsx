import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RULES } from '../../../shared/rules';
import { activationEmailChangeSchema } from '../../../shared/schemas/accounts';
import { RequireAuth } from '../../app/auth-guards';
import { memberHome } from '../../app/built-routes';
import { FormAlert, fieldErrors } from '../../components/form/FormAlert';
import { FormField } from '../../components/form/FormField';
import { BusyButton } from '../../components/ui/BusyButton';
import { changeActivationEmailCall, resendActivationCall } from '../../features/auth/api/accounts';
import { useCurrentUser, useSetUser } from '../../features/auth/api/session';
import { useSettings } from '../../features/site/api/settings';
import { validateWith } from '../../lib/form-errors';
import { useHead } from '../../lib/head';

/** The end of signup: confirm the address by the activation mail; resend it or correct the address. */
export function CompleteSignupPage() {
  return (
    <RequireAuth>
      <CompleteSignup />
    </RequireAuth>
  );
}

function CompleteSignup() {
  const { t } = useTranslation('auth');
  const settings = useSettings();
  const user = useCurrentUser()!;
  const setUser = useSetUser();
  const [editing, setEditing] = useState(false);
  const [email, setEmail] = useState(user.email);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const resend = useMutation({ mutationFn: resendActivationCall });
  const change = useMutation({
    mutationFn: () => changeActivationEmailCall(email),
    onSuccess: (u) => {
      setUser(u);
      setEditing(false);
    },
  });
  useHead({ title: t('complete.title'), siteName: settings.name });
  if (user.status !== 'not_confirmed') {
    return (
      <section className="container-lg py-5 text-center" data-testid="complete-signup-done">
        <h1 className="h3 fw-bold">{t('complete.done_title')}</h1>
        <Link to={memberHome()} className="btn btn-primary rounded-pill px-4 mt-3">
          {t('complete.continue')}
        </Link>
      </section>
    );
  }
  const submitChange = (e: FormEvent) => {
    e.preventDefault();
    const errs = validateWith(activationEmailChangeSchema, { email }, t);
    setLocalErrors(errs);
    if (Object.keys(errs).length === 0 && !change.isPending) change.mutate();
  };
  const errors = { ...fieldErrors(change.error), ...localErrors };
  return (
    <section className="container-lg py-4 py-md-5" data-testid="complete-signup">
      <div className="row justify-content-center">
        <div className="col-sm-10 col-md-8 col-lg-6">
          <div className="card border-0 shadow-sm text-center">
            <div className="card-body p-4 p-md-5">
              <span className="feature-icon d-inline-grid mb-3" aria-hidden="true">
                <i className="bi bi-envelope-heart" />
              </span>
              <h1 className="h3 fw-bold">{t('complete.title')}</h1>
              <p className="lead mb-2">{t('complete.sent_to')}</p>
              <p className="fw-semibold text-break" data-testid="complete-email">
                {user.email}
              </p>
              <p className="text-body-secondary small">
                {t('complete.explain', { max: RULES.freeMember.maxStartedConversations })}
              </p>
              {resend.isSuccess && (
                <p className="alert alert-success py-2 small" role="status">
                  {t('complete.resent')}
                </p>
              )}
              <FormAlert error={resend.error} />
              {!editing ? (
                <div className="d-flex flex-column flex-sm-row gap-2 justify-content-center mt-3">
                  <BusyButton
                    type="button"
                    className="btn btn-primary rounded-pill px-4"
                    onClick={() => resend.mutate()}
                    busy={resend.isPending}
                    data-testid="resend-activation"
                  >
                    {t('complete.resend')}
                  </BusyButton>
                  <button
                    type="button"
                    className="btn btn-outline-dark rounded-pill px-4"
                    onClick={() => setEditing(true)}
                    data-testid="change-email"
                  >
                    {t('complete.change')}
                  </button>
                </div>
              ) : (
                <form
                  onSubmit={submitChange}
                  noValidate
                  className="text-start mt-3"
                  data-testid="change-email-form"
                >
                  <FormAlert error={Object.keys(fieldErrors(change.error)).length ? null : change.error} />
                  <FormField label={t('fields.email')} error={errors.email}>
                    {(p) => (
                      <input
                        {...p}
                        type="email"
                        autoComplete="email"
                        value={email}
                        onChange={(e) => setEmail(e.target.value)}
                      />
                    )}
                  </FormField>
                  <div className="d-flex gap-2 justify-content-end">
                    <button
                      type="button"
                      className="btn btn-link text-body-secondary"
                      onClick={() => setEditing(false)}
                    >
                      {t('complete.cancel')}
                    </button>
                    <BusyButton
                      type="submit"
                      className="btn btn-primary rounded-pill px-4"
                      busy={change.isPending}
                    >
                      {t('complete.save_and_send')}
                    </BusyButton>
                  </div>
                </form>
              )}
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
