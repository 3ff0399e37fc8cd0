import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { memberHome } from '../../app/built-routes';
import { PageSpinner } from '../../components/ui/PageSpinner';
import { useCurrentUser } from '../../features/auth/api/session';
import { SignupFlow } from '../../features/signup/components/SignupFlow';
import { signupsAllowed } from '../../features/signup/signups-allowed';
import { useSettings } from '../../features/site/api/settings';
import { useHead } from '../../lib/head';

/** /signup and /members/{id}/signup: the signup as a page (phones, and direct visits). */
export function SignupPage() {
  const { t } = useTranslation('auth');
  const settings = useSettings();
  const { id } = useParams();
  const memberId = id && /^\d+$/.test(id) ? Number(id) : undefined;
  const user = useCurrentUser();
  // Once the flow has created the account the member is signed in, and the flow continues with its steps. A member
  // who left the steps before the last (a reload, the members area) continues at the first one not passed.
  const [flowStarted, setFlowStarted] = useState(false);
  const [resumeAt, setResumeAt] = useState<number | null>(null);
  if (resumeAt === null && !flowStarted && user?.signup_step) {
    setResumeAt(user.signup_step);
    setFlowStarted(true);
  }
  useHead({ title: t('signup.title', { siteName: settings.name }), siteName: settings.name });
  if (user === undefined) return <PageSpinner />;
  if (user && !flowStarted) return <Navigate to={memberHome()} replace />;
  return (
    <section className="container-lg py-4 py-md-5" data-testid="signup-page">
      <div className="row justify-content-center">
        <div className="col-sm-10 col-md-8 col-lg-6">
          <div className="card border-0 shadow-sm auth-card">
            <div className="card-body p-4 p-md-5">
              <h1 className="h3 fw-bold mb-1">{t('signup.title', { siteName: settings.name })}</h1>
              <p className="text-body-secondary mb-4">
                {resumeAt
                  ? t('signup.resume_subtitle')
                  : t('signup.subtitle', { credits: settings.signup_credits })}
              </p>
              {!signupsAllowed(settings) && !flowStarted ? (
                <p className="alert alert-secondary" data-testid="signups-closed">
                  {t('validation:signups_closed')}
                </p>
              ) : (
                <SignupFlow
                  memberId={memberId}
                  startStep={resumeAt ?? 0}
                  onProgressChange={(busy) => busy && setFlowStarted(true)}
                />
              )}
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
