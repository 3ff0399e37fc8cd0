import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { DirectDebitOffer, DirectDebitRequest } from '../../../shared/schemas/directdebit';
import { RetryButton } from '../../components/ui/RetryButton';
import { useCurrentUser, userQuery } from '../../features/auth/api/session';
import {
  confirmDirectDebit,
  directDebitOfferQuery,
  directDebitRequestQuery,
  REQUEST_ENDED,
  resendDirectDebitCode,
  SMS_LIMITS,
  STANDING_REFUSALS,
  startDirectDebit,
} from '../../features/directdebit/api/directdebit';
import { CodeStep } from '../../features/directdebit/components/CodeStep';
import {
  DirectDebitForm,
  type DirectDebitFormValues,
  directDebitResolver,
  EMPTY_FORM,
  FORM_FIELDS,
} from '../../features/directdebit/components/DirectDebitForm';
import { DirectDebitRefusal } from '../../features/directdebit/components/DirectDebitRefusal';
import { DirectDebitSummary } from '../../features/directdebit/components/DirectDebitSummary';
import { SmsLimitRefusal, SmsNotDelivered } from '../../features/directdebit/components/SmsNotices';
import { isDiscountRefusal, normaliseCode } from '../../features/discounts/hooks/use-checkout-discount';
import { creditsQuery } from '../../features/payments/api/payments';
import { TestModeNotice, useBundleFormat } from '../../features/payments/components/BundleParts';
import { ImmediateStartNote } from '../../features/payments/components/ImmediateStartNote';
import { useSettings } from '../../features/site/api/settings';
import { useHead } from '../../lib/head';
import { ApiError } from '../../lib/http';

/**
 * /directdebit?bundle=ID&code=…: paying a bundle by SEPA direct debit (spec: the direct-debit form with SMS
 * verification). Step 1 is the form with the mandate's authorisation; the server sends a code by SMS; step 2 takes
 * the code and pays; then the payment's status page. Refusals (blocked, the limit, direct debit off) say what the
 * member can do instead.
 */
export function DirectDebitPage() {
  const { t } = useTranslation(['directdebit', 'payments']);
  const settings = useSettings();
  useHead({ title: t('title'), siteName: settings.name });
  const [params] = useSearchParams();
  const raw = params.get('bundle') ?? '';
  const bundleId = /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
  const code = normaliseCode(params.get('code'));
  return (
    <div className="container-lg py-4 py-md-5 directdebit-page" data-testid="directdebit-page">
      {bundleId === undefined ? (
        <UnknownBundle />
      ) : (
        // A new bundle or code starts over (the form's values belong to one order).
        <DirectDebit key={`${bundleId}:${code ?? ''}`} bundleId={bundleId} code={code} />
      )}
    </div>
  );
}

function UnknownBundle() {
  const { t } = useTranslation('payments');
  return (
    <div className="text-center py-5" data-testid="dd-unknown-bundle">
      <i className="bi bi-bag-x fs-1 text-body-tertiary d-block mb-2" aria-hidden="true" />
      <h1 className="h4 fw-semibold">{t('checkout.unknown_title')}</h1>
      <p className="text-body-secondary mb-4">{t('checkout.unknown_text')}</p>
      <Link to="/credits" className="btn btn-primary rounded-pill px-4">
        {t('checkout.back_to_credits')}
      </Link>
    </div>
  );
}

/** What the server answered when a call failed: its message for client errors, else the generic text. */
function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status > 0 && error.status < 500 && error.message
    ? error.message
    : error instanceof ApiError && error.status === 503 && error.code !== 'http_error' && error.message
      ? error.message
      : fallback;
}

function DirectDebit({ bundleId, code }: { bundleId: number; code: string | null }) {
  const { t } = useTranslation(['directdebit', 'payments']);
  const settings = useSettings();
  const f = useBundleFormat(settings.message_credits);
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const offer = useQuery(directDebitOfferQuery(bundleId, code));
  const catalogue = useQuery(creditsQuery());
  const resolver = useMemo(
    () => directDebitResolver(user?.profile.country, bundleId, t),
    [user?.profile.country, bundleId, t],
  );
  const form = useForm<DirectDebitFormValues>({ defaultValues: EMPTY_FORM, resolver });
  // The request waiting for its code, and the IBAN it was sent for (kept only here, in memory).
  const [sent, setSent] = useState<{ request: DirectDebitRequest; iban: string } | null>(null);
  // Whether the code's SMS arrived: read again while it is on its way.
  const watched = useQuery({
    ...directDebitRequestQuery(sent?.request ?? { id: '', sends_left: 0, sms: 'delivered' }),
    enabled: sent !== null,
  });
  const sms = (sent && watched.data?.request.sms) ?? sent?.request.sms ?? 'queued';
  // Why the page cannot go on: the member's standing, or this request ended (the form must be sent again).
  const [standing, setStanding] = useState<ApiError | null>(null);
  const [ended, setEnded] = useState<ApiError | null>(null);
  const [resent, setResent] = useState(false);

  const refused = (error: unknown) => {
    if (error instanceof ApiError && STANDING_REFUSALS.has(error.code)) {
      setStanding(error);
      setSent(null);
      void offer.refetch();
      return true;
    }
    return false;
  };

  const start = useMutation({
    mutationFn: (values: DirectDebitFormValues) =>
      startDirectDebit({
        ...values,
        authorise: true,
        bundle_id: bundleId,
        ...(offer.data?.price.discount_code ? { discount_code: offer.data.price.discount_code } : {}),
      }),
    onSuccess: ({ request }, values) => {
      setEnded(null);
      setResent(false);
      setSent({ request, iban: values.iban });
    },
    onError: (error) => {
      if (refused(error)) return;
      if (error instanceof ApiError && error.fields)
        for (const field of FORM_FIELDS) {
          const message = error.fields[field];
          if (message) form.setError(field, { type: 'server', message }, { shouldFocus: true });
        }
    },
  });

  const resend = useMutation({
    mutationFn: (request: string) => resendDirectDebitCode(request),
    onSuccess: ({ request }) => {
      setResent(true);
      setSent((s) => (s ? { ...s, request } : s));
      confirm.reset();
    },
    onError: (error) => {
      setResent(false);
      if (error instanceof ApiError && REQUEST_ENDED.has(error.code)) setEnded(error);
    },
  });

  const confirm = useMutation({
    mutationFn: (otp: string) => {
      if (!sent) throw new Error('no request');
      return confirmDirectDebit(sent.request.id, otp, sent.iban);
    },
    onSuccess: ({ payment }) => {
      void queryClient.invalidateQueries({ queryKey: ['transactions'] });
      void queryClient.invalidateQueries({ queryKey: userQuery.queryKey });
      navigate(`/transactions/${payment.id}`, { replace: true });
    },
    onError: (error) => {
      if (refused(error)) return;
      if (error instanceof ApiError && REQUEST_ENDED.has(error.code)) setEnded(error);
    },
  });

  const restart = () => {
    setSent(null);
    setEnded(null);
    setResent(false);
    start.reset();
    confirm.reset();
    resend.reset();
  };

  if (!offer.data) {
    return (
      <>
        <Header bundleId={bundleId} testMode={catalogue.data?.test_mode ?? false} />
        <OfferFallback
          error={offer.error}
          loading={offer.isPending}
          retrying={offer.isFetching}
          onRetry={() => void offer.refetch()}
          onDropCode={() =>
            setParams({ bundle: String(bundleId) }, { replace: true, preventScrollReset: true })
          }
          bundleId={bundleId}
        />
      </>
    );
  }

  const data: DirectDebitOffer = offer.data;
  const amount = f.money(data.price.amount, data.price.currency);
  const refusal = data.refusal;
  const blocked = !data.available || refusal !== null;
  const step = sent ? 2 : 1;

  return (
    <>
      <Header bundleId={bundleId} testMode={catalogue.data?.test_mode ?? false} />
      <div className="dd-grid">
        <DirectDebitSummary offer={data} />
        <section className="dd-main" aria-labelledby="dd-step-title">
          {blocked ? (
            <DirectDebitRefusal
              refusal={refusal}
              bundleId={bundleId}
              money={f.money}
              message={standing?.message}
            />
          ) : (
            <>
              <p className="checkout-section-title mb-1">{t('step_of', { step, total: 2 })}</p>
              <h2 className="h5 fw-semibold mb-3" id="dd-step-title">
                {step === 1 ? t('steps.details') : t('steps.code')}
              </h2>
              {ended && (
                <div className="alert alert-warning py-2 small" role="alert" data-testid="dd-ended">
                  <p className="mb-2">
                    <i className="bi bi-exclamation-triangle-fill me-2" aria-hidden="true" />
                    {messageOf(ended, t('error_generic'))}
                  </p>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-dark rounded-pill"
                    onClick={restart}
                  >
                    {t('code.restart')}
                  </button>
                </div>
              )}
              {!sent && smsLimit(start.error) && (
                <SmsLimitRefusal message={start.error.message} bundleId={bundleId} />
              )}
              {!sent && start.error && !refusedAtField(start.error) && !smsLimit(start.error) && (
                <div className="alert alert-danger py-2 small" role="alert" data-testid="dd-error">
                  <i className="bi bi-exclamation-triangle-fill me-2" aria-hidden="true" />
                  {messageOf(start.error, t('error_generic'))}
                </div>
              )}
              {sent ? (
                <>
                  {confirm.error && !ended && !otpRefusal(confirm.error) && (
                    <div className="alert alert-danger py-2 small" role="alert" data-testid="dd-error">
                      <i className="bi bi-exclamation-triangle-fill me-2" aria-hidden="true" />
                      {messageOf(confirm.error, t('error_generic'))}
                    </div>
                  )}
                  {(sms === 'failed' || sms === 'unavailable') && (
                    <SmsNotDelivered
                      unavailable={sms === 'unavailable'}
                      phone={sent.request.phone}
                      bundleId={bundleId}
                    />
                  )}
                  <ImmediateStartNote />
                  <CodeStep
                    request={sent.request}
                    amount={f.money(sent.request.price.amount, sent.request.price.currency)}
                    confirming={confirm.isPending}
                    confirmError={confirm.error}
                    resending={resend.isPending}
                    resendError={resend.error}
                    resent={resent}
                    onConfirm={(otp) => confirm.mutate(otp)}
                    onResend={() => resend.mutate(sent.request.id)}
                    onChangeDetails={restart}
                  />
                </>
              ) : (
                <DirectDebitForm
                  form={form}
                  busy={start.isPending}
                  onSubmit={(values) => start.mutate(values)}
                  mandate={{
                    creditor: data.creditor.name,
                    creditorId: data.creditor.id,
                    company: data.creditor.on_behalf_of,
                    amount,
                    siteName: settings.name,
                  }}
                />
              )}
            </>
          )}
        </section>
      </div>
    </>
  );
}

/** A refusal of the form shown at its fields (the alert would repeat it). */
function refusedAtField(error: unknown): boolean {
  return error instanceof ApiError && Boolean(error.fields) && FORM_FIELDS.some((f) => error.fields?.[f]);
}

/** A refusal to send a code because of an SMS limit. */
function smsLimit(error: unknown): error is ApiError {
  return error instanceof ApiError && SMS_LIMITS.has(error.code);
}

/** A refusal of the code, shown at the code field. */
function otpRefusal(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (Boolean(error.fields?.otp) ||
      error.code === 'otp_invalid' ||
      error.code === 'otp_expired' ||
      error.code === 'otp_attempts_exceeded')
  );
}

function Header({ bundleId, testMode }: { bundleId: number; testMode: boolean }) {
  const { t } = useTranslation('directdebit');
  return (
    <header className="payments-header">
      <h1 className="h3 fw-bold mb-1">{t('title')}</h1>
      <p className="text-body-secondary mb-2 dd-intro">{t('intro')}</p>
      <Link to={`/credits/${bundleId}`} className="small" data-testid="dd-other-method">
        <i className="bi bi-arrow-left me-1" aria-hidden="true" />
        {t('back_to_methods')}
      </Link>
      {testMode && <TestModeNotice className="mx-auto mt-3 text-start" />}
    </header>
  );
}

function OfferFallback({
  error,
  loading,
  retrying,
  onRetry,
  onDropCode,
  bundleId,
}: {
  error: unknown;
  loading: boolean;
  retrying: boolean;
  onRetry: () => void;
  onDropCode: () => void;
  bundleId: number;
}) {
  const { t } = useTranslation(['directdebit', 'payments']);
  if (loading)
    return (
      <div className="d-flex justify-content-center py-5" role="status">
        <span className="spinner-border text-primary" aria-hidden="true" />
        <span className="visually-hidden">{t('payments:loading')}</span>
      </div>
    );
  if (error instanceof ApiError && error.code === 'bundle_not_available') return <UnknownBundle />;
  if (isDiscountRefusal(error))
    return (
      <div className="alert alert-warning mx-auto dd-narrow" role="alert" data-testid="dd-code-refused">
        <p className="mb-2">{t('code_refused', { message: error.message })}</p>
        <button type="button" className="btn btn-sm btn-outline-dark rounded-pill" onClick={onDropCode}>
          {t('continue_without_code')}
        </button>
      </div>
    );
  if (error instanceof ApiError && error.status > 0 && error.status < 500)
    return (
      <div className="alert alert-warning mx-auto dd-narrow" role="alert" data-testid="dd-offer-refused">
        <p className="mb-2">{error.message}</p>
        <Link to={`/credits/${bundleId}`} className="btn btn-sm btn-outline-dark rounded-pill">
          {t('refusal.other_method')}
        </Link>
      </div>
    );
  return (
    <div className="text-center py-5" role="alert" data-testid="dd-load-error">
      <i className="bi bi-wifi-off fs-1 text-body-tertiary d-block mb-2" aria-hidden="true" />
      <p className="mb-3">{t('load_error')}</p>
      <RetryButton variant="pill" onRetry={onRetry} busy={retrying} label={t('payments:retry')} />
    </div>
  );
}
