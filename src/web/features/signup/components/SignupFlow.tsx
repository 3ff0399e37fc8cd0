import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CurrentUser } from '../../../../shared/schemas/accounts';
import { ProgressBar } from '../../../components/ui/ProgressBar';
import { useSetUser } from '../../auth/api/session';
import { markSignupComplete } from '../signup-complete';
import { AboutStep } from './AboutStep';
import { PersonalStep } from './PersonalStep';
import { PhotoStep } from './PhotoStep';
import { PushStep } from './PushStep';
import { SignupForm } from './SignupForm';

const STEPS = 4;

/**
 * The whole signup: step 0 creates the account (and the first message), steps 1–4 add a photo, personal info,
 * about me and push notifications; then the signup matches. `onProgressChange` tells a hosting modal when it may
 * not be closed.
 */
export function SignupFlow({
  memberId,
  onProgressChange,
  onFinished,
}: {
  memberId: number | undefined;
  onProgressChange?: (inProgress: boolean) => void;
  onFinished?: () => void;
}) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const setUser = useSetUser();
  const [step, setStep] = useState(0);
  const [user, setLocalUser] = useState<CurrentUser | null>(null);
  const next = () => {
    if (step >= STEPS) {
      markSignupComplete();
      navigate('/signup-matches');
      onProgressChange?.(false);
      onFinished?.();
      return;
    }
    setStep((s) => s + 1);
  };
  return (
    <div className="signup-flow" data-testid="signup-flow" data-step={step}>
      {step > 0 && (
        <div className="mb-3">
          <div className="d-flex justify-content-between small text-body-secondary mb-1">
            <span>{t('signup.step', { step, total: STEPS })}</span>
          </div>
          <ProgressBar
            value={step}
            min={1}
            max={STEPS}
            label={t('signup.step', { step, total: STEPS })}
            className="signup-steps progress-thin"
          />
        </div>
      )}
      {step === 0 && (
        <SignupForm
          memberId={memberId}
          onBusy={(busy) => onProgressChange?.(busy)}
          onCreated={(u) => {
            setLocalUser(u);
            setUser(u);
            onProgressChange?.(true);
            setStep(1);
          }}
        />
      )}
      {step === 1 && <PhotoStep onNext={next} />}
      {step === 2 && user && <PersonalStep user={user} onNext={next} />}
      {step === 3 && <AboutStep onNext={next} />}
      {step === 4 && <PushStep onNext={next} />}
    </div>
  );
}
