import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/ui/BusyButton';
import { enablePush, pushSupport } from '../../push/push-subscription';
import { useSettings } from '../../site/api/settings';

/** Step 4: offer push notifications for new messages and likes. */
export function PushStep({ onNext }: { onNext: () => void }) {
  const { t } = useTranslation('auth');
  const settings = useSettings();
  const [state, setState] = useState(pushSupport());
  const [busy, setBusy] = useState(false);
  const enable = async () => {
    setBusy(true);
    try {
      const result = await enablePush(settings.push_public_key);
      setState(result);
      if (result === 'granted') onNext();
    } catch {
      setState('default');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="signup-step-push" className="text-center">
      <span className="feature-icon mx-auto mb-3 d-inline-grid" aria-hidden="true">
        <i className="bi bi-bell" />
      </span>
      <h2 className="h5 fw-semibold">{t('signup.push.title')}</h2>
      <p className="text-body-secondary small">{t('signup.push.text')}</p>
      {state === 'unsupported' && (
        <p className="small alert alert-secondary py-2">{t('signup.push.unsupported')}</p>
      )}
      {state === 'denied' && <p className="small alert alert-warning py-2">{t('signup.push.denied')}</p>}
      <div className="d-flex gap-2 justify-content-center">
        <button
          type="button"
          className="btn btn-link text-body-secondary"
          onClick={onNext}
          data-testid="signup-push-skip"
        >
          {state === 'unsupported' || state === 'denied' ? t('signup.next') : t('signup.push.later')}
        </button>
        {(state === 'default' || state === 'granted') && (
          <BusyButton
            type="button"
            className="btn btn-primary rounded-pill px-4"
            onClick={() => void enable()}
            busy={busy}
          >
            {t('signup.push.enable')}
          </BusyButton>
        )}
      </div>
    </div>
  );
}
