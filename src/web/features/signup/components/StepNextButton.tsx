import { type MouseEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/ui/BusyButton';

/**
 * A signup step's Next button. While the step lacks something (`missing`: what to do, in words) the button looks
 * greyed out but stays a Tab stop (aria-disabled, not disabled), with the reason shown beside it and read with it
 * (aria-describedby), so nobody is left wondering why Next does nothing. A click or Enter then does nothing.
 */
export function StepNextButton({
  type = 'button',
  busy = false,
  missing,
  onClick,
}: {
  type?: 'button' | 'submit';
  busy?: boolean;
  missing?: string | null | undefined;
  onClick?: () => void;
}) {
  const { t } = useTranslation('auth');
  const reasonId = useId();
  const blocked = Boolean(missing);
  return (
    <div className="ms-auto d-flex flex-column align-items-end text-end gap-1">
      <BusyButton
        type={type}
        className={`btn btn-primary rounded-pill px-4${blocked ? ' disabled' : ''}`}
        busy={busy}
        aria-disabled={blocked || undefined}
        aria-describedby={blocked ? reasonId : undefined}
        onClick={(e: MouseEvent<HTMLButtonElement>) => {
          if (blocked) return e.preventDefault();
          onClick?.();
        }}
        data-testid="signup-next"
      >
        {t('signup.next')}
      </BusyButton>
      {blocked && (
        <p id={reasonId} className="small text-body-secondary mb-0" data-testid="signup-next-reason">
          {missing}
        </p>
      )}
    </div>
  );
}
