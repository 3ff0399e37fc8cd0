import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EMAIL_DISABLED_REASONS, type EmailDisabledReason } from '../../../shared/rules';

export type MailDisabledReason = EmailDisabledReason | 'other';

/** The reasons of a member's `email_disabled` / `notifications_disabled` list, each once (unknown ones as 'other'). */
export function mailDisabledReasons(list: readonly string[]): MailDisabledReason[] {
  const known = (EMAIL_DISABLED_REASONS as readonly string[]).filter((r) => list.includes(r));
  const reasons = known as MailDisabledReason[];
  return list.some((r) => !known.includes(r)) ? [...reasons, 'other'] : reasons;
}

/**
 * Why e-mail notifications are off, in plain words: a spam complaint, a bounce (with a link to the e-mail address on
 * the settings page) or an unsubscribe through the mail program.
 */
export function MailDisabledReasons({ reasons }: { reasons: readonly MailDisabledReason[] }) {
  const { t } = useTranslation('notifications');
  return (
    <>
      {reasons.map((reason) => (
        <p key={reason} className="mb-1" data-testid={`mail-disabled-${reason}`}>
          {t(`mail_disabled.reasons.${reason}`)}
          {reason === 'bounce' && (
            <>
              {' '}
              <Link
                to="/notifications#email"
                className="fw-semibold link-dark"
                data-testid="mail-disabled-check-email"
              >
                {t('mail_disabled.check_email')}
              </Link>
            </>
          )}
        </p>
      ))}
    </>
  );
}
