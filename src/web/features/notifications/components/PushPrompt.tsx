import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../../shared/schemas/accounts';
import { useRouteName } from '../../../app/route-name';
import { BusyButton } from '../../../components/ui/BusyButton';
import { useBannerTurn } from '../../../components/ui/banner-slot';
import { dismiss, dismissedAt } from '../../../lib/stored';
import { useCurrentUser } from '../../auth/api/session';
import { type PushState, usePushState } from '../../push/push-state';
import { useEnablePush } from '../hooks/use-enable-push';

/**
 * Routes on which the push prompt never shows (spec: signup, notifications, activate-done, directdebit and premium;
 * the other signup screens too, whose last step offers push itself).
 */
export const PUSH_PROMPT_HIDDEN_ROUTES: ReadonlySet<string> = new Set([
  'signup',
  'members-id-signup',
  'complete-signup',
  'notifications',
  'activate-done',
  'directdebit',
  'premium',
]);

/**
 * What the prompt offers, or null when it does not show: 'enable' (a button) for a signed-in member whose browser
 * supports push, has not blocked it and holds no subscription (permission 'default'; or 'granted' with the
 * subscription gone, then enabling asks nothing); 'ios' on iPhone and iPad outside the home-screen app (add it to
 * the home screen first). Never on the hidden routes, once dismissed, or when the site has no push key.
 */
export function pushPromptMode(input: {
  user: CurrentUser | null | undefined;
  routeName: string;
  dismissed: boolean;
  push: PushState;
  pushAvailable: boolean;
}): 'enable' | 'ios' | null {
  const { user, routeName, dismissed, push, pushAvailable } = input;
  if (!user || dismissed || !pushAvailable || PUSH_PROMPT_HIDDEN_ROUTES.has(routeName)) return null;
  if (push.capability === 'ios-home-screen') return 'ios';
  if (push.capability !== 'default' && push.capability !== 'granted') return null;
  return push.subscribed === false ? 'enable' : null;
}

/**
 * The push-notification enable prompt under the top bar (default layout). Dismissing it is remembered with a
 * timestamp. When the browser answers the permission question with anything but "allow", the prompt says so
 * (until dismissed); once push is on it goes away.
 */
export function PushPrompt() {
  const { t } = useTranslation('notifications');
  const user = useCurrentUser();
  const routeName = useRouteName();
  const push = usePushState();
  const [dismissed, setDismissed] = useState(() => dismissedAt('push_alert') !== undefined);
  const { enable, busy, outcome, available } = useEnablePush();
  const mode = pushPromptMode({ user, routeName, dismissed, push, pushAvailable: available });
  const showOutcome =
    outcome !== null && Boolean(user) && !dismissed && !PUSH_PROMPT_HIDDEN_ROUTES.has(routeName);
  const turn = useBannerTurn('push', mode !== null || showOutcome);
  if (!turn) return null;

  const text =
    showOutcome && outcome ? t(`prompt.${outcome}`) : mode === 'ios' ? t('prompt.ios') : t('prompt.text');
  return (
    <div
      className={`push-prompt alert ${outcome === 'denied' || outcome === 'failed' ? 'alert-warning' : 'alert-info'} rounded-0 border-0 mb-0 py-2`}
      role="status"
      data-testid="push-prompt"
      data-mode={showOutcome ? outcome : mode}
    >
      <div className="container-lg d-flex align-items-center gap-2 small">
        <i className={`bi ${mode === 'ios' ? 'bi-phone' : 'bi-bell'} fs-5`} aria-hidden="true" />
        {/* Text and button side by side when they fit, else the button under the text (phones). */}
        <div className="flex-grow-1 d-flex flex-wrap align-items-center column-gap-3 row-gap-1">
          <span className="push-prompt-text">{text}</span>
          {mode === 'enable' && outcome !== 'denied' && (
            <BusyButton
              type="button"
              className="btn btn-sm btn-primary rounded-pill"
              busy={busy}
              onClick={() => void enable()}
              data-testid="push-prompt-enable"
            >
              {t('prompt.enable')}
            </BusyButton>
          )}
        </div>
        <button
          type="button"
          className="btn-close"
          aria-label={t('prompt.dismiss')}
          onClick={() => {
            dismiss('push_alert');
            setDismissed(true);
          }}
          data-testid="push-prompt-dismiss"
        />
      </div>
    </div>
  );
}
