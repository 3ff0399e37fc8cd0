import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isBuilt, memberHome } from '../../app/built-routes';
import { FormAlert } from '../../components/form/FormAlert';
import { BusyButton } from '../../components/ui/BusyButton';
import { resendActivationCall } from '../../features/auth/api/accounts';
import { useCurrentUser } from '../../features/auth/api/session';
import { useSettings } from '../../features/site/api/settings';
import { useHead } from '../../lib/head';

/** /activate/done: where the activation link redirects after confirming the address. */
export function ActivateDonePage() {
  const { t } = useTranslation('recovery');
  const settings = useSettings();
  useHead({ title: t('activate.done_title'), siteName: settings.name });
  const queryClient = useQueryClient();
  const user = useCurrentUser();

  // The cached member still has the status from before the confirmation.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: ['user'] });
  }, [queryClient]);

  return (
    <ActivateLayout testId="activate-done-page">
      <i className="bi bi-patch-check-fill display-5 text-success" aria-hidden="true" />
      <h1 className="h3 mt-2 mb-3">{t('activate.done_title')}</h1>
      <p role="status" data-testid="activate-done-message">
        {t('activate.done_text')}
      </p>
      {user ? (
        <Link
          to={memberHome()}
          className="btn btn-primary rounded-pill px-4"
          data-testid="activate-done-continue"
        >
          {t('activate.continue')}
          <i className="bi bi-arrow-right ms-2" aria-hidden="true" />
        </Link>
      ) : (
        isBuilt('login') && (
          <Link to="/login" className="btn btn-primary rounded-pill px-4" data-testid="activate-done-login">
            {t('activate.login')}
          </Link>
        )
      )}
    </ActivateLayout>
  );
}

/** /activate/error: where the activation link redirects when the token is unknown or expired. */
export function ActivateErrorPage() {
  const { t } = useTranslation('recovery');
  const settings = useSettings();
  useHead({ title: t('activate.error_title'), siteName: settings.name });
  const user = useCurrentUser();
  const resend = useMutation({ mutationFn: () => resendActivationCall() });
  const canResend = user?.status === 'not_confirmed';

  return (
    <ActivateLayout testId="activate-error-page">
      <i className="bi bi-exclamation-octagon display-5 text-danger" aria-hidden="true" />
      <h1 className="h3 mt-2 mb-3">{t('activate.error_title')}</h1>
      <p>{t('activate.error_text')}</p>
      <p data-testid="activate-error-support">
        <Trans
          t={t}
          i18nKey="activate.error_support"
          values={{ email: settings.support_email }}
          components={{ mail: <MailLink email={settings.support_email} /> }}
        />
      </p>
      {canResend && (
        <div className="border-top pt-4 mt-4" data-testid="activate-error-resend">
          <p className="text-body-secondary">{t('activate.resend_text')}</p>
          <FormAlert error={resend.error} />
          {resend.isSuccess ? (
            <p className="alert alert-success py-2 small" role="status" data-testid="activate-error-resent">
              <i className="bi bi-check-circle-fill me-2" aria-hidden="true" />
              {t('activate.resent', { email: user.email })}
            </p>
          ) : (
            <BusyButton
              type="button"
              className="btn btn-primary rounded-pill px-4"
              busy={resend.isPending}
              onClick={() => resend.mutate()}
              data-testid="activate-error-resend-button"
            >
              {t('activate.resend')}
            </BusyButton>
          )}
        </div>
      )}
    </ActivateLayout>
  );
}

function ActivateLayout({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <section className="container-lg py-4 py-md-5" data-testid={testId}>
      <div className="row justify-content-center">
        <div className="col-md-8 col-lg-6">
          <div className="card border-0 shadow-sm">
            <div className="card-body p-4 p-md-5 text-center">{children}</div>
          </div>
        </div>
      </div>
    </section>
  );
}

/** The support address as a mailto link; Trans fills in the link text. */
function MailLink({ email, children }: { email: string; children?: ReactNode }) {
  return <a href={`mailto:${email}`}>{children ?? email}</a>;
}
