import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RULES } from '../../../../shared/rules';
import { DELETION_REASONS } from '../../../../shared/schemas/accounts';
import { leaveMembersArea } from '../../../app/auth-guards';
import { FormAlert, fieldErrors } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { BusyButton } from '../../../components/ui/BusyButton';
import { api } from '../../../lib/http';
import { deleteAccountCall, deleteOffersCall } from '../../auth/api/accounts';
import { refreshAfterVisibilityChange } from '../../members/visibility-change';
import { privacyQuery } from '../api/privacy';
import { RetentionOffers } from './RetentionOffers';
import { SettingsCard } from './SettingsCard';

type Reason = (typeof DELETION_REASONS)[number];
type Step = 'start' | 'reasons' | 'offers' | 'confirm';
const COMMENT_MAX = 1000;

/** Moves the focus to the #email section's first control (the new-address input), scrolling it into view. */
function focusEmailSection(): void {
  const section = document.getElementById('email');
  if (!section) return;
  section.scrollIntoView({ behavior: 'smooth', block: 'start' });
  section.querySelector<HTMLElement>('input, button')?.focus({ preventScroll: true });
}

/**
 * The danger zone (#delete): a careful flow — why are you leaving, retention offers, then the confirmation with
 * the current password. Cancel at every step returns to the start.
 */
export function DeleteAccountSection() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('start');
  const [reasons, setReasons] = useState<Reason[]>([]);
  const [comment, setComment] = useState('');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const stepRef = useRef<HTMLDivElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  /** Whether the next step change moves the focus (not on the first render, nor when the focus goes elsewhere). */
  const moveFocus = useRef(false);

  const offers = useQuery({
    queryKey: ['delete-offers'],
    queryFn: deleteOffersCall,
    enabled: step !== 'start',
  });
  const showChangeEmail = Boolean(offers.data?.change_email);
  const showPrivacy = Boolean(offers.data?.privacy_mode);
  // The trial package and the discount code (RetentionOffers).
  const showPaid = Boolean(offers.data?.trial || (offers.data?.discount_percentage ?? 0) > 0);
  const hasOffers = showChangeEmail || showPrivacy || showPaid;
  const queryClient = useQueryClient();
  const goInvisible = useMutation({
    mutationFn: () => api('api/privacy.php', { method: 'PUT', body: { invisible: true } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: privacyQuery.queryKey });
      refreshAfterVisibilityChange(queryClient);
    },
  });

  const remove = useMutation({
    mutationFn: deleteAccountCall,
    onSuccess: async () => {
      // Leave the members-only page first (the notice page loads lazily), then forget the member: the notice page
      // forgets the member once it is shown. Should the session be found gone meanwhile (a refetch, the live
      // connection), this page's guard sends the member on to the notice too, not to the login page.
      const state = { justDeleted: true };
      leaveMembersArea('/account-deleted', state);
      await navigate('/account-deleted', { state });
    },
  });

  const go = (next: Step, focus = true) => {
    moveFocus.current = focus;
    setStep(next);
  };
  const cancel = (focus = true) => {
    setReasons([]);
    setComment('');
    setPassword('');
    setPasswordError(undefined);
    remove.reset();
    go('start', focus);
  };

  // Nothing to offer (or the offers failed to load): straight on to the confirmation.
  useEffect(() => {
    if (step === 'offers' && (offers.isError || (offers.isSuccess && !hasOffers))) setStep('confirm');
  }, [step, offers.isError, offers.isSuccess, hasOffers]);

  // Each step's heading takes the focus, so keyboard and screen reader users follow along.
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (step === 'start' ? startRef.current : stepRef.current)?.focus();
  }, [step]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!password) {
      remove.reset();
      setPasswordError(t('validation:required'));
      return;
    }
    setPasswordError(undefined);
    const text = comment.trim();
    remove.mutate({ reasons, ...(text ? { comment: text } : {}), password });
  };

  const errorOfPassword = passwordError ?? fieldErrors(remove.error).password;
  const cancelButton = (
    <button
      type="button"
      className="btn btn-link text-body-secondary"
      onClick={() => cancel()}
      disabled={remove.isPending}
      data-testid="settings-delete-cancel"
    >
      {t('delete.cancel')}
    </button>
  );

  let body: ReactNode;
  if (step === 'start') {
    body = (
      <>
        <p className="small text-body-secondary">{t('delete.intro')}</p>
        <button
          ref={startRef}
          type="button"
          className="btn btn-outline-danger rounded-pill"
          onClick={() => go('reasons')}
          data-testid="settings-delete-start"
        >
          {t('delete.start')}
        </button>
      </>
    );
  } else if (step === 'reasons') {
    body = (
      <StepBody title={t('delete.reasons.title')} stepRef={stepRef} testId="settings-delete-reasons">
        <ReasonsFields reasons={reasons} setReasons={setReasons} comment={comment} setComment={setComment} />
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <button
            type="button"
            className="btn btn-primary rounded-pill px-4"
            onClick={() => go(offers.isSuccess && !hasOffers ? 'confirm' : 'offers')}
            data-testid="settings-delete-continue"
          >
            {t('delete.continue')}
          </button>
          {cancelButton}
        </div>
      </StepBody>
    );
  } else if (step === 'offers') {
    body = (
      <StepBody title={t('delete.offers.title')} stepRef={stepRef} testId="settings-delete-offers">
        {!hasOffers ? (
          <div className="d-flex justify-content-center py-3" role="status">
            <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />
            <span className="visually-hidden">{t('common:loading')}</span>
          </div>
        ) : (
          <>
            {showChangeEmail && (
              <div className="card bg-body-tertiary border-0 mb-3" data-testid="settings-offer-change-email">
                <div className="card-body">
                  <h4 className="h6 fw-semibold">
                    <i className="bi bi-envelope-at me-2" aria-hidden="true" />
                    {t('delete.offers.change_email.title')}
                  </h4>
                  <p className="small mb-2">{t('delete.offers.change_email.text')}</p>
                  <button
                    type="button"
                    className="btn btn-outline-primary btn-sm rounded-pill"
                    onClick={() => {
                      cancel(false);
                      focusEmailSection();
                    }}
                    data-testid="settings-offer-change-email-button"
                  >
                    {t('delete.offers.change_email.button')}
                  </button>
                </div>
              </div>
            )}
            {showPrivacy && (
              <div className="card bg-body-tertiary border-0 mb-3" data-testid="settings-offer-invisible">
                <div className="card-body">
                  <h4 className="h6 fw-semibold">
                    <i className="bi bi-incognito me-2" aria-hidden="true" />
                    {t('delete.offers.invisible.title')}
                  </h4>
                  <p className="small mb-2">{t('delete.offers.invisible.text')}</p>
                  {goInvisible.isSuccess ? (
                    <p
                      className="small text-success-emphasis mb-0"
                      role="status"
                      data-testid="settings-offer-invisible-done"
                    >
                      <i className="bi bi-check-circle-fill me-1" aria-hidden="true" />
                      {t('delete.offers.invisible.done')}
                    </p>
                  ) : (
                    <BusyButton
                      className="btn btn-outline-primary btn-sm rounded-pill"
                      onClick={() => goInvisible.mutate()}
                      busy={goInvisible.isPending}
                      data-testid="settings-offer-invisible-button"
                    >
                      {t('delete.offers.invisible.button')}
                    </BusyButton>
                  )}
                  <FormAlert error={goInvisible.error} />
                </div>
              </div>
            )}
            {offers.data && showPaid && <RetentionOffers offers={offers.data} />}
            <div className="d-flex flex-wrap gap-2 align-items-center">
              <button
                type="button"
                className="btn btn-outline-dark rounded-pill"
                onClick={() => go('confirm')}
                data-testid="settings-delete-no-thanks"
              >
                {t('delete.offers.no_thanks')}
              </button>
              {cancelButton}
            </div>
          </>
        )}
      </StepBody>
    );
  } else {
    const graceDays = RULES.accountDeletion.graceDays;
    body = (
      <StepBody title={t('delete.confirm.title')} stepRef={stepRef} testId="settings-delete-confirm">
        <form noValidate onSubmit={submit} data-testid="settings-delete-form">
          <p className="small">{t('delete.confirm.grace', { count: graceDays })}</p>
          <p className="small">{t('delete.confirm.reactivate', { count: graceDays })}</p>
          {remove.error && !errorOfPassword && <FormAlert error={remove.error} />}
          <FormField label={t('delete.confirm.password')} error={errorOfPassword}>
            {(props) => (
              <input
                {...props}
                type="password"
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                data-testid="settings-delete-password"
              />
            )}
          </FormField>
          <div className="d-flex flex-wrap gap-2 align-items-center">
            <BusyButton
              type="submit"
              className="btn btn-danger rounded-pill px-4"
              busy={remove.isPending}
              data-testid="settings-delete-submit"
            >
              <i className="bi bi-trash3 me-2" aria-hidden="true" />
              {t('delete.confirm.submit')}
            </BusyButton>
            {cancelButton}
          </div>
        </form>
      </StepBody>
    );
  }

  return (
    <SettingsCard id="delete" title={t('delete.title')} icon="bi-exclamation-octagon" danger>
      {body}
    </SettingsCard>
  );
}

function StepBody({
  title,
  stepRef,
  testId,
  children,
}: {
  title: string;
  stepRef: RefObject<HTMLDivElement | null>;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div data-testid={testId}>
      <div ref={stepRef} tabIndex={-1} className="mb-3">
        <h3 className="h6 fw-semibold mb-0">{title}</h3>
      </div>
      {children}
    </div>
  );
}

function ReasonsFields({
  reasons,
  setReasons,
  comment,
  setComment,
}: {
  reasons: Reason[];
  setReasons: (r: Reason[]) => void;
  comment: string;
  setComment: (c: string) => void;
}) {
  const { t } = useTranslation('settings');
  const id = useId();
  const toggle = (reason: Reason, on: boolean) =>
    setReasons(on ? [...reasons, reason] : reasons.filter((r) => r !== reason));
  return (
    <>
      <fieldset className="mb-3">
        <legend className="small text-body-secondary mb-2">{t('delete.reasons.legend')}</legend>
        {DELETION_REASONS.map((reason) => (
          <div className="form-check" key={reason}>
            <input
              className="form-check-input"
              type="checkbox"
              id={`${id}-${reason}`}
              checked={reasons.includes(reason)}
              onChange={(e) => toggle(reason, e.target.checked)}
              data-testid={`settings-delete-reason-${reason}`}
            />
            <label className="form-check-label" htmlFor={`${id}-${reason}`}>
              {t(`delete.reasons.options.${reason}`)}
            </label>
          </div>
        ))}
      </fieldset>
      <FormField
        label={t('delete.reasons.comment')}
        hint={t('delete.reasons.comment_left', { count: COMMENT_MAX - comment.length })}
      >
        {(props) => (
          <textarea
            {...props}
            rows={3}
            maxLength={COMMENT_MAX}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            data-testid="settings-delete-comment"
          />
        )}
      </FormField>
    </>
  );
}
