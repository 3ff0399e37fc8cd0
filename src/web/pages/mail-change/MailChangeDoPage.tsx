import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isBuilt, memberHome } from '../../app/built-routes';
import { FormAlert } from '../../components/form/FormAlert';
import { mailChangeConfirmCall } from '../../features/auth/api/accounts';
import { useCurrentUser } from '../../features/auth/api/session';
import { useSettings } from '../../features/site/api/settings';
import { useHead } from '../../lib/head';
import { ApiError } from '../../lib/http';

/** /mail-change/do?token=…: the link of the mail-change e-mail; confirms the new address once, on arrival. */
export function MailChangeDoPage() {
  const { t } = useTranslation('recovery');
  const settings = useSettings();
  useHead({ title: t('mail_change.title'), siteName: settings.name });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const validToken = token.length >= 10 && token.length <= 200;
  const queryClient = useQueryClient();
  const user = useCurrentUser();

  const { mutate, status, error } = useMutation({
    mutationFn: (value: string) => mailChangeConfirmCall(value),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['user'] }),
  });

  // The token is single use: StrictMode runs effects twice, the ref makes sure it is sent only once.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !validToken) return;
    sent.current = true;
    mutate(token);
  }, [mutate, token, validToken]);

  const failed = !validToken || status === 'error';
  const message = validToken
    ? error
    : new ApiError(400, 'link_invalid', t('validation:mail_change_link_invalid'));

  return (
    <section className="container-lg py-4 py-md-5" data-testid="mail-change-do-page">
      <div className="row justify-content-center">
        <div className="col-md-8 col-lg-6">
          <div className="card border-0 shadow-sm">
            <div className="card-body p-4 p-md-5 text-center">
              {status === 'success' ? (
                <div data-testid="mail-change-do-success">
                  <i className="bi bi-envelope-check display-5 text-success" aria-hidden="true" />
                  <h1 className="h3 mt-2 mb-3">{t('mail_change.done_title')}</h1>
                  <p role="status">{t('mail_change.done_text')}</p>
                  {user && (
                    <Link
                      to={memberHome()}
                      className="btn btn-primary rounded-pill px-4"
                      data-testid="mail-change-do-continue"
                    >
                      {t('mail_change.continue')}
                    </Link>
                  )}
                </div>
              ) : failed ? (
                <div data-testid="mail-change-do-error">
                  <i className="bi bi-envelope-x display-5 text-danger" aria-hidden="true" />
                  <h1 className="h3 mt-2 mb-3">{t('mail_change.failed_title')}</h1>
                  <FormAlert error={message} />
                  <p className="text-body-secondary">{t('mail_change.hint')}</p>
                  {isBuilt('notifications') && (
                    <Link
                      to="/notifications"
                      className="btn btn-outline-primary rounded-pill px-4"
                      data-testid="mail-change-do-settings"
                    >
                      <i className="bi bi-gear me-2" aria-hidden="true" />
                      {t('mail_change.to_settings')}
                    </Link>
                  )}
                </div>
              ) : (
                <div data-testid="mail-change-do-pending">
                  <h1 className="h3 mb-3">{t('mail_change.title')}</h1>
                  <div role="status" className="py-3">
                    <div className="spinner-border text-primary" aria-hidden="true" />
                    <p className="mt-3 mb-0 text-body-secondary">{t('mail_change.confirming')}</p>
                  </div>
                </div>
              )}
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
