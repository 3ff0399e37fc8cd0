import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RULES } from '../../../../shared/rules';
import type { DirectDebitRequest } from '../../../../shared/schemas/directdebit';
import { FormField } from '../../../components/form/FormField';
import { BusyButton } from '../../../components/ui/BusyButton';
import { ApiError } from '../../../lib/http';

/** Seconds until `iso` (0 once passed), ticking every second while above 0. */
function useSecondsUntil(iso: string | null): number {
  const left = () => (iso ? Math.max(0, Math.ceil((Date.parse(iso) - Date.now()) / 1000)) : 0);
  const [seconds, setSeconds] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads only `iso`
  useEffect(() => {
    setSeconds(left());
    if (!iso) return;
    const timer = setInterval(() => {
      const s = left();
      setSeconds(s);
      if (s === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [iso]);
  return seconds;
}

const CODE_PATTERN = new RegExp(`^\\d{${RULES.directDebit.codeDigits}}$`);

/**
 * Step 2 of /directdebit: where the code went, the account (masked) and mandate it authorises, the code field, the
 * confirmation, and a new code after a countdown while codes are left.
 */
export function CodeStep({
  request,
  amount,
  confirming,
  confirmError,
  resending,
  resendError,
  resent,
  onConfirm,
  onResend,
  onChangeDetails,
}: {
  request: DirectDebitRequest;
  /** the amount, formatted */
  amount: string;
  confirming: boolean;
  confirmError: unknown;
  resending: boolean;
  resendError: unknown;
  /** a new code was sent (announced once) */
  resent: boolean;
  onConfirm: (otp: string) => void;
  onResend: () => void;
  onChangeDetails: () => void;
}) {
  const { t, i18n } = useTranslation('directdebit');
  const [otp, setOtp] = useState('');
  const [formatError, setFormatError] = useState<string | null>(null);
  // The code is what the member types next: the field takes the focus (and scrolls into view on a phone).
  const otpRef = useRef<HTMLInputElement>(null);
  useEffect(() => otpRef.current?.focus(), []);
  const waitSeconds = useSecondsUntil(request.resend_at);
  const serverOtpError =
    confirmError instanceof ApiError ? (confirmError.fields?.otp ?? otpMessage(confirmError)) : undefined;
  const otpError = formatError ?? serverOtpError;
  const time = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { timeStyle: 'short' }).format(
    new Date(request.expires_at),
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const code = otp.trim();
    if (!CODE_PATTERN.test(code)) {
      setFormatError(t('validation:directdebit.otp_format', { digits: RULES.directDebit.codeDigits }));
      return;
    }
    setFormatError(null);
    onConfirm(code);
  };

  return (
    <div data-testid="dd-code-step">
      <p className="mb-3" data-testid="dd-code-sent">
        <i className="bi bi-phone me-2 text-primary" aria-hidden="true" />
        {t('code.sent_to', { phone: request.phone })}
      </p>
      <dl className="dd-facts small mb-3">
        <div>
          <dt>{t('code.holder')}</dt>
          <dd>{request.account_holder}</dd>
        </div>
        <div>
          <dt>{t('code.account')}</dt>
          <dd className="font-monospace" data-testid="dd-masked-iban">
            {request.masked_iban}
          </dd>
        </div>
        <div>
          <dt>{t('code.reference')}</dt>
          <dd className="font-monospace">{request.mandate_reference}</dd>
        </div>
      </dl>

      <form noValidate onSubmit={submit} data-testid="dd-code-form">
        <FormField label={t('code.label')} error={otpError} hint={t('code.valid_until', { time })}>
          {(props) => (
            <input
              {...props}
              ref={otpRef}
              className={`${props.className} dd-otp-input`}
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={RULES.directDebit.codeDigits}
              value={otp}
              onChange={(e) => {
                setOtp(e.target.value.replace(/\D/g, ''));
                setFormatError(null);
              }}
              data-testid="dd-otp"
            />
          )}
        </FormField>
        <BusyButton
          type="submit"
          busy={confirming}
          className="btn btn-primary btn-lg rounded-pill w-100 dd-submit"
          data-testid="dd-confirm"
        >
          {!confirming && <i className="bi bi-lock-fill me-2" aria-hidden="true" />}
          {t('code.confirm', { amount })}
        </BusyButton>
      </form>

      <div className="dd-resend mt-3 small" aria-live="polite">
        {request.resend_at === null ? (
          <p className="text-body-secondary mb-0" data-testid="dd-resend-none">
            {t('code.resend_none')}
          </p>
        ) : (
          <div className="d-flex flex-wrap align-items-center gap-2">
            <BusyButton
              busy={resending}
              disabled={waitSeconds > 0}
              className="btn btn-link btn-sm p-0"
              onClick={onResend}
              data-testid="dd-resend"
            >
              {waitSeconds > 0 ? t('code.resend_in', { seconds: waitSeconds }) : t('code.resend')}
            </BusyButton>
            <span className="text-body-secondary">{t('code.sends_left', { count: request.sends_left })}</span>
          </div>
        )}
        {resent && !resendError && (
          <p className="text-success mb-0 mt-1" data-testid="dd-resent">
            {t('code.sent_again')}
          </p>
        )}
        {resendError instanceof Error && (
          <p className="text-danger mb-0 mt-1" role="alert" data-testid="dd-resend-error">
            {resendError instanceof ApiError && resendError.status > 0 && resendError.status < 500
              ? resendError.message
              : t('error_generic')}
          </p>
        )}
      </div>

      <button
        type="button"
        className="btn btn-link btn-sm px-0 mt-2"
        onClick={onChangeDetails}
        data-testid="dd-change"
      >
        <i className="bi bi-pencil me-1" aria-hidden="true" />
        {t('code.change')}
      </button>
    </div>
  );
}

/** Refusals of the code itself are shown at the code field; others are the page's business. */
function otpMessage(error: ApiError): string | undefined {
  return error.code === 'otp_invalid' ||
    error.code === 'otp_expired' ||
    error.code === 'otp_attempts_exceeded'
    ? error.message
    : undefined;
}
