import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ageOn } from '../../../../shared/dates';
import type { CurrentUser } from '../../../../shared/schemas/accounts';
import { type SignupRequest, signupRequestSchema } from '../../../../shared/schemas/accounts';
import { FormAlert, fieldErrors } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { PasswordInput } from '../../../components/form/PasswordInput';
import { validateWith } from '../../../lib/form-errors';
import { currentLocale } from '../../../lib/i18n';
import { storedTracking } from '../../../lib/tracking';
import { signupCall } from '../../auth/api/accounts';
import { SensitiveConsentCheckbox } from '../../consent/components/SensitiveConsentCheckbox';
import { useSettings } from '../../site/api/settings';
import { suggestEmail } from '../email-suggestion';
import { clearSignupDrafts, useStepDraft } from '../step-draft';
import { BirthDateInput } from './BirthDateInput';

/** The progress texts shown while the account is created. */
export const SIGNUP_PROGRESS = ['checking', 'creating', 'matching', 'mailing'] as const;
type Progress = (typeof SIGNUP_PROGRESS)[number];

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Values {
  email: string;
  name: string;
  password: string;
  date_of_birth: string;
  signup_message: string;
}

/** Step 0: e-mail, profile name, password, date of birth (and the first message when coming from a member). */
export function SignupForm({
  memberId,
  onCreated,
  onBusy,
}: {
  memberId: number | undefined;
  onCreated: (user: CurrentUser) => void;
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useTranslation('auth');
  const settings = useSettings();
  // What was typed survives a reload (sessionStorage, this tab only); the password never leaves the form.
  const [draft, setDraft] = useStepDraft<Omit<Values, 'password'>>(`account.${memberId ?? 0}`, () => ({
    email: '',
    name: '',
    date_of_birth: '',
    signup_message: '',
  }));
  const [password, setPassword] = useState('');
  // The separate consent for sensitive data (GDPR Art. 9): never ticked in advance, not kept in the draft.
  const [consent, setConsent] = useState(false);
  const values: Values = { ...draft, password };
  const setValues = (update: (v: Values) => Values) => {
    const { password: nextPassword, ...rest } = update(values);
    setPassword(nextPassword);
    setDraft(rest);
  };
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<unknown>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const suggestion = useMemo(() => suggestEmail(values.email.trim()), [values.email]);
  const set = (k: keyof Values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (progress) return;
    const body: Omit<SignupRequest, 'sensitive_consent'> & { sensitive_consent: boolean } = {
      email: values.email,
      name: values.name,
      password: values.password,
      date_of_birth: values.date_of_birth,
      language: currentLocale(),
      tracking: storedTracking(),
      sensitive_consent: consent,
      ...(memberId && values.signup_message.trim()
        ? { member_id: memberId, signup_message: values.signup_message }
        : {}),
    };
    const local = validateWith(signupRequestSchema, body, t, { min_age: settings.min_age });
    if (!local.date_of_birth && values.date_of_birth && ageOn(values.date_of_birth) < settings.min_age) {
      local.date_of_birth = t('validation:birth_date_required', { min_age: settings.min_age });
    }
    if (!values.date_of_birth)
      local.date_of_birth = t('validation:birth_date_required', { min_age: settings.min_age });
    setErrors(local);
    setServerError(null);
    if (Object.keys(local).length > 0) return;
    onBusy(true);
    setProgress('checking');
    try {
      await wait(400);
      if (mounted.current) setProgress('creating');
      const user = await signupCall(body as SignupRequest);
      setProgress('matching');
      await wait(700);
      setProgress('mailing');
      await wait(700);
      clearSignupDrafts();
      onCreated(user);
    } catch (err) {
      if (!mounted.current) return;
      setErrors(fieldErrors(err));
      setServerError(Object.keys(fieldErrors(err)).length ? null : err);
      setProgress(null);
      onBusy(false);
    }
  };

  if (progress) {
    return (
      <div
        className="signup-progress text-center py-4"
        role="status"
        aria-live="polite"
        data-testid="signup-progress"
      >
        <div className="spinner-border text-primary mb-3" aria-hidden="true" />
        <ol className="list-unstyled small mb-0">
          {SIGNUP_PROGRESS.map((p, i) => {
            const idx = SIGNUP_PROGRESS.indexOf(progress);
            return (
              <li
                key={p}
                className={i < idx ? 'text-success' : i === idx ? 'fw-semibold' : 'text-body-secondary'}
              >
                <i
                  className={`bi ${i < idx ? 'bi-check-circle-fill' : i === idx ? 'bi-arrow-right-circle' : 'bi-circle'} me-2`}
                  aria-hidden="true"
                />
                {t(`signup.progress.${p}`)}
              </li>
            );
          })}
        </ol>
      </div>
    );
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="signup-form">
      <FormAlert error={serverError} />
      {memberId !== undefined && (
        <FormField
          label={t('fields.message')}
          error={errors.signup_message}
          hint={t('signup.message_hint', {
            count: values.signup_message.length,
            max: settings.message_length,
          })}
        >
          {(p) => (
            <textarea
              {...p}
              rows={3}
              maxLength={settings.message_length}
              value={values.signup_message}
              onChange={set('signup_message')}
              name="signup_message"
            />
          )}
        </FormField>
      )}
      <FormField
        label={t('fields.email')}
        error={errors.email}
        hint={
          suggestion ? (
            <EmailSuggestion
              suggestion={suggestion}
              onUse={() => setValues((v) => ({ ...v, email: suggestion }))}
            />
          ) : undefined
        }
      >
        {(p) => (
          <input
            {...p}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={values.email}
            onChange={set('email')}
            name="email"
          />
        )}
      </FormField>
      <FormField label={t('fields.name')} error={errors.name} hint={t('signup.name_hint')}>
        {(p) => (
          <input
            {...p}
            type="text"
            autoComplete="nickname"
            maxLength={30}
            value={values.name}
            onChange={set('name')}
            name="name"
          />
        )}
      </FormField>
      <FormField label={t('fields.password')} error={errors.password} hint={t('signup.password_hint')}>
        {(p) => (
          <PasswordInput
            {...p}
            autoComplete="new-password"
            value={values.password}
            onChange={set('password')}
            name="password"
          />
        )}
      </FormField>
      <FormField label={t('fields.birth_date')} error={errors.date_of_birth}>
        {(p) => (
          <BirthDateInput
            id={p.id}
            invalid={p['aria-invalid']}
            describedBy={p['aria-describedby']}
            value={values.date_of_birth}
            minAge={settings.min_age}
            onChange={(v) => setValues((s) => ({ ...s, date_of_birth: v }))}
          />
        )}
      </FormField>
      <SensitiveConsentCheckbox
        checked={consent}
        onChange={(on) => {
          setConsent(on);
          if (on) setErrors(({ sensitive_consent: _, ...rest }) => rest);
        }}
        error={errors.sensitive_consent}
        siteName={settings.name}
      />
      <p className="small text-body-secondary">
        <Trans
          t={t}
          i18nKey="signup.agree"
          components={{ terms: <Link to="/pages/terms" />, privacy: <Link to="/pages/privacy" /> }}
        />
      </p>
      <button type="submit" className="btn btn-primary w-100 rounded-pill py-2" data-testid="signup-submit">
        {t('signup.submit')}
      </button>
      <p className="text-center small mt-3 mb-0">
        {t('signup.have_account')} <Link to="/login">{t('signup.login')}</Link>
      </p>
    </form>
  );
}

/** 'Did you mean …?' with the suggested address as a button that fills it in. */
function EmailSuggestion({ suggestion, onUse }: { suggestion: string; onUse: () => void }) {
  const { t } = useTranslation('auth');
  const [before = '', after = ''] = t('validation:email_did_you_mean', { suggestion: '\u0000' }).split(
    '\u0000',
  );
  return (
    <span data-testid="email-suggestion">
      {before}
      <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={onUse}>
        {suggestion}
      </button>
      {after}
    </span>
  );
}
