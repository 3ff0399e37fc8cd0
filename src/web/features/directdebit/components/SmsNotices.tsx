import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * No code can be sent now (the member's or the phone number's SMS limit): the server's reason and the way on. It
 * appears above the form while the button that asked is at its foot, so it is brought into view (and focus).
 */
export function SmsLimitRefusal({ message, bundleId }: { message: string; bundleId: number }) {
  const { t } = useTranslation('directdebit');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className="alert alert-warning small"
      role="alert"
      data-testid="dd-sms-limit"
    >
      <p className="fw-semibold mb-1">
        <i className="bi bi-chat-square-dots me-2" aria-hidden="true" />
        {t('refusal.sms_limit_title')}
      </p>
      <p className="mb-2">{message}</p>
      <Link to={`/credits/${bundleId}`} className="btn btn-sm btn-outline-dark rounded-pill">
        {t('refusal.other_method')}
      </Link>
    </div>
  );
}

/**
 * The code's SMS did not arrive (the network could not deliver it, or the number was refused): a new code (the
 * resend below, within its limits) or another method; or no SMS can be sent at all now: another method.
 */
export function SmsNotDelivered({
  unavailable,
  phone,
  bundleId,
}: {
  unavailable: boolean;
  phone: string;
  bundleId: number;
}) {
  const { t } = useTranslation('directdebit');
  return (
    <div
      className="alert alert-warning small"
      role="alert"
      data-testid={unavailable ? 'dd-sms-unavailable' : 'dd-sms-failed'}
    >
      <p className="fw-semibold mb-1">
        <i className="bi bi-chat-square-dots me-2" aria-hidden="true" />
        {unavailable ? t('code.unavailable_title') : t('code.not_delivered_title')}
      </p>
      <p className="mb-2">
        {unavailable ? t('code.unavailable_text') : t('code.not_delivered_text', { phone })}
      </p>
      <Link to={`/credits/${bundleId}`} className="btn btn-sm btn-outline-dark rounded-pill">
        {t('refusal.other_method')}
      </Link>
    </div>
  );
}
