import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CANCEL_RULES } from '../../../shared/rules';
import type { CurrentUser } from '../../../shared/schemas/accounts';
import {
  CANCEL_CONTRACTS,
  type CancelContract,
  type CancelRequest,
  cancelDateAllowed,
  utcDay,
} from '../../../shared/schemas/cancellations';

type Field = 'name' | 'email' | 'date' | 'reason';

/**
 * The cancel form: the identification §312k (2) allows and nothing more (no password, no member number). Filled in
 * from the signed-in member's account. Checked here with the server's rules; the server checks again.
 */
export function CancelForm({
  initial,
  user,
  onDone,
}: {
  initial: CancelRequest | null;
  user: CurrentUser | null;
  onDone: (draft: CancelRequest) => void;
}) {
  const { t } = useTranslation(['cancel', 'validation']);
  const id = useId();
  const [name, setName] = useState(initial?.name ?? user?.profile.name ?? '');
  const [email, setEmail] = useState(initial?.email ?? user?.email ?? '');
  const [contract, setContract] = useState<CancelContract>(initial?.contract ?? 'all');
  const [reason, setReason] = useState(initial?.reason ?? '');
  const [effective, setEffective] = useState<CancelRequest['effective']>(
    initial?.effective ?? 'next_possible',
  );
  const [date, setDate] = useState(initial?.date ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    const n = name.trim();
    if (n.length < 2 || n.length > CANCEL_RULES.nameMax) found.name = t('validation:cancel.name_length');
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) found.email = t('validation:email_invalid');
    if (effective === 'date' && !cancelDateAllowed(date, new Date()))
      found.date = t('validation:cancel.date_invalid');
    if (reason.trim().length > CANCEL_RULES.reasonMax) found.reason = t('validation:cancel.reason_length');
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    onDone({
      name: n,
      email: email.trim().toLowerCase(),
      contract,
      reason: reason.trim(),
      effective,
      ...(effective === 'date' ? { date } : {}),
    });
  };

  const invalid = (f: Field) => (errors[f] ? ' is-invalid' : '');
  const error = (f: Field) =>
    errors[f] ? (
      <div id={`${id}-${f}-error`} className="invalid-feedback d-block">
        {errors[f]}
      </div>
    ) : null;
  const described = (f: Field, hint?: boolean) =>
    [errors[f] ? `${id}-${f}-error` : '', hint ? `${id}-${f}-hint` : ''].filter(Boolean).join(' ') ||
    undefined;

  return (
    <>
      <p className="text-body-secondary">{t('intro')}</p>
      <form
        onSubmit={submit}
        noValidate
        className="card border-0 shadow-sm card-body p-4"
        data-testid="cancel-form"
      >
        <div className="row g-3">
          <div className="col-sm-6">
            <label htmlFor={`${id}-name`} className="form-label">
              {t('form.name')}
            </label>
            <input
              id={`${id}-name`}
              className={`form-control${invalid('name')}`}
              autoComplete="name"
              value={name}
              maxLength={CANCEL_RULES.nameMax}
              aria-invalid={!!errors.name}
              aria-describedby={described('name')}
              onChange={(e) => setName(e.target.value)}
            />
            {error('name')}
          </div>
          <div className="col-sm-6">
            <label htmlFor={`${id}-email`} className="form-label">
              {t('form.email')}
            </label>
            <input
              id={`${id}-email`}
              type="email"
              className={`form-control${invalid('email')}`}
              autoComplete="email"
              value={email}
              maxLength={254}
              aria-invalid={!!errors.email}
              aria-describedby={described('email', true)}
              onChange={(e) => setEmail(e.target.value)}
            />
            <div id={`${id}-email-hint`} className="form-text">
              {t('form.email_hint')}
            </div>
            {error('email')}
          </div>
          <fieldset className="col-12">
            <legend className="form-label fs-6 mb-2">{t('form.contract')}</legend>
            {CANCEL_CONTRACTS.map((c) => (
              <div className="form-check" key={c}>
                <input
                  id={`${id}-contract-${c}`}
                  type="radio"
                  name={`${id}-contract`}
                  className="form-check-input"
                  checked={contract === c}
                  onChange={() => setContract(c)}
                />
                <label htmlFor={`${id}-contract-${c}`} className="form-check-label">
                  {t(`contracts.${c}`)}
                </label>
              </div>
            ))}
          </fieldset>
          <fieldset className="col-12">
            <legend className="form-label fs-6 mb-2">{t('form.effective')}</legend>
            <div className="form-check">
              <input
                id={`${id}-next`}
                type="radio"
                name={`${id}-effective`}
                className="form-check-input"
                checked={effective === 'next_possible'}
                onChange={() => setEffective('next_possible')}
              />
              <label htmlFor={`${id}-next`} className="form-check-label">
                {t('form.next_possible')}
              </label>
            </div>
            <div className="form-check">
              <input
                id={`${id}-on-date`}
                type="radio"
                name={`${id}-effective`}
                className="form-check-input"
                checked={effective === 'date'}
                onChange={() => setEffective('date')}
              />
              <label htmlFor={`${id}-on-date`} className="form-check-label">
                {t('form.on_date')}
              </label>
            </div>
            {effective === 'date' && (
              <div className="mt-2 ms-4 cancel-date">
                <label htmlFor={`${id}-date`} className="form-label small">
                  {t('form.date')}
                </label>
                <input
                  id={`${id}-date`}
                  type="date"
                  className={`form-control${invalid('date')}`}
                  value={date}
                  min={utcDay(new Date())}
                  max={utcDay(new Date(), CANCEL_RULES.maxDaysAhead)}
                  aria-invalid={!!errors.date}
                  aria-describedby={described('date')}
                  onChange={(e) => setDate(e.target.value)}
                />
                {error('date')}
              </div>
            )}
          </fieldset>
          <div className="col-12">
            <label htmlFor={`${id}-reason`} className="form-label">
              {t('form.reason')}
            </label>
            <textarea
              id={`${id}-reason`}
              className={`form-control${invalid('reason')}`}
              rows={3}
              maxLength={CANCEL_RULES.reasonMax}
              value={reason}
              aria-invalid={!!errors.reason}
              aria-describedby={described('reason', true)}
              onChange={(e) => setReason(e.target.value)}
            />
            <div id={`${id}-reason-hint`} className="form-text">
              {t('form.reason_hint')}
            </div>
            {error('reason')}
          </div>
        </div>
        <div className="mt-4">
          <button type="submit" className="btn btn-primary" data-testid="cancel-continue">
            {t('form.continue')}
          </button>
        </div>
      </form>
    </>
  );
}
