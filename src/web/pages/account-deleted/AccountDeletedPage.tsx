import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { RULES } from '../../../shared/rules';
import { arrivedAfterLeaving } from '../../app/auth-guards';
import { isBuilt, memberHome } from '../../app/built-routes';
import { FormAlert } from '../../components/form/FormAlert';
import { BusyButton } from '../../components/ui/BusyButton';
import { reactivateCall } from '../../features/auth/api/accounts';
import { useSetUser } from '../../features/auth/api/session';
import { useSettings } from '../../features/site/api/settings';
import { useHead } from '../../lib/head';

/**
 * /account-deleted: shown after deleting the account, and the target of the reactivation link in the deletion
 * e-mail (?reactivate=TOKEN), which offers to restore the account within the grace period.
 */
export function AccountDeletedPage() {
  const { t } = useTranslation('recovery');
  const settings = useSettings();
  useHead({ title: t('deleted.title'), siteName: settings.name });
  const [params] = useSearchParams();
  const token = params.get('reactivate') ?? '';
  const setUser = useSetUser();
  const navigate = useNavigate();
  const location = useLocation();
  const justDeleted = Boolean((location.state as { justDeleted?: boolean } | null)?.justDeleted);
  // Arriving from the deletion: the server already ended the session; now the app forgets the member too.
  useEffect(() => {
    arrivedAfterLeaving();
    if (justDeleted) setUser(null);
  }, [justDeleted, setUser]);

  const mutation = useMutation({
    mutationFn: (value: string) => reactivateCall(value),
    onSuccess: (user) => {
      setUser(user);
      navigate(memberHome());
    },
  });

  return (
    <section className="container-lg py-4 py-md-5" data-testid="account-deleted-page">
      <div className="row justify-content-center">
        <div className="col-md-8 col-lg-6">
          <div className="card border-0 shadow-sm">
            <div className="card-body p-4 p-md-5">
              <div className="text-center mb-3">
                <i className="bi bi-person-x display-5 text-primary" aria-hidden="true" />
              </div>
              <h1 className="h3 text-center mb-3">{t('deleted.title')}</h1>
              <p>{t('deleted.text')}</p>
              <p>{t('deleted.grace', { count: RULES.accountDeletion.graceDays })}</p>
              <p className="text-body-secondary">{t('deleted.final')}</p>

              {token && (
                <div className="border-top pt-4 mt-4 text-center" data-testid="account-deleted-reactivate">
                  <h2 className="h5">{t('deleted.reactivate_title')}</h2>
                  <p className="text-body-secondary">{t('deleted.reactivate_text')}</p>
                  <FormAlert error={mutation.error} />
                  {mutation.isError && (
                    <p className="small" data-testid="account-deleted-support">
                      <Trans
                        t={t}
                        i18nKey="deleted.support"
                        values={{ email: settings.support_email }}
                        components={{ mail: <MailLink email={settings.support_email} /> }}
                      />
                    </p>
                  )}
                  <BusyButton
                    type="button"
                    className="btn btn-primary btn-lg rounded-pill px-4"
                    busy={mutation.isPending}
                    onClick={() => mutation.mutate(token)}
                    data-testid="account-deleted-reactivate-button"
                  >
                    {!mutation.isPending && (
                      <i className="bi bi-arrow-counterclockwise me-2" aria-hidden="true" />
                    )}
                    {t('deleted.reactivate')}
                  </BusyButton>
                </div>
              )}
            </div>
          </div>
          {isBuilt('index') && (
            <p className="text-center mt-3">
              <Link to="/">{t('deleted.home')}</Link>
            </p>
          )}
        </div>
      </div>
    </section>
  );
}

/** The support address as a mailto link; Trans fills in the link text. */
function MailLink({ email, children }: { email: string; children?: ReactNode }) {
  return <a href={`mailto:${email}`}>{children ?? email}</a>;
}
