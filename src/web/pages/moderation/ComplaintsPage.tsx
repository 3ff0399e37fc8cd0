import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPLAINT_REASONS, type ComplaintReason } from '../../../shared/schemas/reports';
import { FormAlert } from '../../components/form/FormAlert';
import { BusyButton } from '../../components/ui/BusyButton';
import { useSettings } from '../../features/site/api/settings';
import { useHead } from '../../lib/head';
import { complaintCall } from './moderation-api';

type Field = 'name' | 'email' | 'what' | 'reason' | 'statement' | 'good_faith';

/**
 * /complaints: a notice (DSA Art. 16) from anyone, visitor or member: who sends it, what it is about (an address on
 * this site and/or a member's number), why, a statement, and the good-faith confirmation. Acknowledged by e-mail.
 */
export function ComplaintsPage() {
  const { t } = useTranslation('complaints');
  const settings = useSettings();
  const id = useId();
  useHead({ title: t('form.title'), siteName: settings.name });
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [url, setUrl] = useState('');
  const [member, setMember] = useState('');
  const [reason, setReason] = useState<ComplaintReason | ''>('');
  const [statement, setStatement] = useState('');
  const [goodFaith, setGoodFaith] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const send = useMutation({ mutationFn: complaintCall });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (name.trim().length < 2) found.name = t('form.errors.name');
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) found.email = t('form.errors.email');
    if (!url.trim() && !/^\d+$/.test(member.trim())) found.what = t('form.errors.what');
    if (!reason) found.reason = t('form.errors.reason');
    if (statement.trim().length < 20) found.statement = t('form.errors.statement');
    if (!goodFaith) found.good_faith = t('form.errors.good_faith');
    setErrors(found);
    if (Object.keys(found).length > 0 || !reason) {
      document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    send.mutate({
      name: name.trim(),
      email: email.trim(),
      url: url.trim(),
      ...(/^\d+$/.test(member.trim()) ? { member: Number(member.trim()) } : {}),
      reason,
      statement: statement.trim(),
      good_faith: true,
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
    <section className="container-lg py-4 py-md-5" data-testid="complaints-page">
      <div className="row justify-content-center">
        <div className="col-md-10 col-lg-8">
          <h1 className="h3 fw-bold">{t('form.title')}</h1>
          <p className="text-body-secondary">{t('form.intro', { siteName: settings.name })}</p>
          {send.data ? (
            <div className="alert alert-success" role="status" data-testid="complaint-sent">
              {t('form.sent', { id: send.data.id, email: email.trim() })}
            </div>
          ) : (
            <form
              onSubmit={submit}
              noValidate
              className="card border-0 shadow-sm card-body p-4"
              data-testid="complaint-form"
            >
              <FormAlert error={send.error} />
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
                    maxLength={100}
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
                    aria-describedby={described('email')}
                    onChange={(e) => setEmail(e.target.value)}
                  />
                  {error('email')}
                </div>
                <div className="col-sm-8">
                  <label htmlFor={`${id}-what`} className="form-label">
                    {t('form.url')}
                  </label>
                  <input
                    id={`${id}-what`}
                    className={`form-control${invalid('what')}`}
                    inputMode="url"
                    value={url}
                    maxLength={500}
                    aria-invalid={!!errors.what}
                    aria-describedby={described('what', true)}
                    onChange={(e) => setUrl(e.target.value)}
                  />
                  <div id={`${id}-what-hint`} className="form-text">
                    {t('form.url_hint')}
                  </div>
                  {error('what')}
                </div>
                <div className="col-sm-4">
                  <label htmlFor={`${id}-member`} className="form-label">
                    {t('form.member')}
                  </label>
                  <input
                    id={`${id}-member`}
                    className="form-control"
                    inputMode="numeric"
                    value={member}
                    maxLength={12}
                    onChange={(e) => setMember(e.target.value.replace(/\D/g, ''))}
                  />
                </div>
                <div className="col-12">
                  <label htmlFor={`${id}-reason`} className="form-label">
                    {t('form.reason')}
                  </label>
                  <select
                    id={`${id}-reason`}
                    className={`form-select${invalid('reason')}`}
                    value={reason}
                    aria-invalid={!!errors.reason}
                    aria-describedby={described('reason')}
                    onChange={(e) => setReason(e.target.value as ComplaintReason)}
                  >
                    <option value="">{t('form.choose_reason')}</option>
                    {COMPLAINT_REASONS.map((r) => (
                      <option key={r} value={r}>
                        {t(`form.reasons.${r}`)}
                      </option>
                    ))}
                  </select>
                  {error('reason')}
                </div>
                <div className="col-12">
                  <label htmlFor={`${id}-statement`} className="form-label">
                    {t('form.statement')}
                  </label>
                  <textarea
                    id={`${id}-statement`}
                    className={`form-control${invalid('statement')}`}
                    rows={5}
                    maxLength={5000}
                    value={statement}
                    aria-invalid={!!errors.statement}
                    aria-describedby={described('statement', true)}
                    onChange={(e) => setStatement(e.target.value)}
                  />
                  <div id={`${id}-statement-hint`} className="form-text">
                    {t('form.statement_hint')}
                  </div>
                  {error('statement')}
                </div>
                <div className="col-12">
                  <div className="form-check">
                    <input
                      id={`${id}-good_faith`}
                      type="checkbox"
                      className={`form-check-input${invalid('good_faith')}`}
                      checked={goodFaith}
                      aria-invalid={!!errors.good_faith}
                      aria-describedby={described('good_faith')}
                      onChange={(e) => setGoodFaith(e.target.checked)}
                    />
                    <label htmlFor={`${id}-good_faith`} className="form-check-label">
                      {t('form.good_faith')}
                    </label>
                    {error('good_faith')}
                  </div>
                </div>
              </div>
              <BusyButton type="submit" className="btn btn-primary mt-4" busy={send.isPending}>
                {t('form.submit')}
              </BusyButton>
            </form>
          )}
        </div>
      </div>
    </section>
  );
}
