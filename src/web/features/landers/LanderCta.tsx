import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SignupLink } from '../signup/components/SignupLink';
import { useSettings } from '../site/api/settings';

/**
 * The call to action of every lander: free signup (the modal on desktop), optionally the login link and the
 * free-credits note. `tone` 'light' sits on a dark or coloured hero, 'primary' on a light background.
 */
export function LanderCta({
  tone = 'light',
  center = false,
  login = true,
  note = true,
  testId = 'lander-cta',
}: {
  tone?: 'light' | 'primary';
  center?: boolean;
  login?: boolean;
  note?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const settings = useSettings();
  const signup = tone === 'light' ? 'btn-light text-primary' : 'btn-primary lander-cta-glow';
  const other = tone === 'light' ? 'btn-outline-light' : 'btn-outline-primary';
  return (
    <div className={`lander-cta${center ? ' text-center' : ''}`}>
      <div className={`d-flex flex-wrap gap-2${center ? ' justify-content-center' : ''}`}>
        <SignupLink className={`btn btn-lg rounded-pill px-4 fw-semibold ${signup}`} testId={testId}>
          {t('landing.cta_signup')}
        </SignupLink>
        {login && (
          <Link to="/login" className={`btn btn-lg rounded-pill px-4 ${other}`}>
            {t('landing.cta_login')}
          </Link>
        )}
      </div>
      {note && (
        <p className="hero-note small mt-3 mb-0">
          <i className="bi bi-patch-check-fill me-1" aria-hidden="true" />
          {t('landing.free_note', { credits: settings.signup_credits })}
        </p>
      )}
    </div>
  );
}
