import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CurrentUser } from '../../../../shared/schemas/accounts';
import { SIGNUP_STEP_COUNT } from '../../../../shared/signup-steps';
import { ProgressBar } from '../../../components/ui/ProgressBar';
import { useCurrentUser, useSetUser } from '../../auth/api/session';
import { passSignupStepCall } from '../api/signup-steps';
import { markSignupComplete } from '../signup-complete';
import { clearSignupDrafts } from '../step-draft';
import { useStepHeadingFocus } from '../use-step-heading-focus';
import { AboutStep } from './AboutStep';
import { PersonalStep } from './PersonalStep';
import { PhotoStep } from './PhotoStep';
import { PushStep } from './PushStep';
import { SignupForm } from './SignupForm';

const STEPS = SIGNUP_STEP_COUNT;

/**
 * The whole signup: step 0 creates the account (and the first message), steps 1–4 add a photo, personal info,
 * about me and push notifications; then the signup matches. `onProgressChange` tells a hosting modal when it may
 * not be closed. Each step done or skipped is told to the server, so a member who leaves (a reload, the members
 * area) comes back at `startStep`, the first step not passed (the user call's signup_step).
 */
export function SignupFlow({
  memberId,
  startStep = 0,
  onProgressChange,
  onFinished,
}: {
  memberId: number | undefined;
  startStep?: number;
  onProgressChange?: (inProgress: boolean) => void;
  onFinished?: () => void;
}) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const setUser = useSetUser();
  const current = useCurrentUser();
  const [step, setStep] = useState(startStep);
  const [created, setCreated] = useState<CurrentUser | null>(null);
  const user = created ?? current;
  const flow = useStepHeadingFocus(step);
  const passing = useRef(false);
  const next = async () => {
    // One pass per step, also when Next or Skip is pressed twice while the server answers.
    if (passing.current) return;
    passing.current = true;
    try {
      setUser(await passSignupStepCall(step));
    } catch {
      // Not kept on the server this time: the member goes on, and a later visit offers this step again.
    }
    if (step >= STEPS) {
      clearSignupDrafts();
      markSignupComplete();
      navigate('/signup-matches');
      onProgressChange?.(false);
      onFinished?.();
      return;
    }
    passing.current = false;
    setStep(step + 1);
  };
  return (
    <div className="signup-flow" data-testid="signup-flow" data-step={step} ref={flow}>
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
            setCreated(u);
            setUser(u);
            onProgressChange?.(true);
            setStep(1);
          }}
        />
      )}
      {step === 1 && <PhotoStep onNext={() => void next()} />}
      {step === 2 && user && <PersonalStep user={user} onNext={() => void next()} />}
      {step === 3 && <AboutStep onNext={() => void next()} />}
      {step === 4 && <PushStep onNext={() => void next()} />}
    </div>
  );
}
