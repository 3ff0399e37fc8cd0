import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../components/ui/BusyButton';
import { AdminApiError } from '../admin-api';
import { ErrorAlert } from '../components/ErrorAlert';
import { useStaffSession } from '../session';
import { AuthFrame } from './AuthFrame';
import { loginCall, loginCodeCall } from './auth-api';
import { CodeField } from './CodeField';

/**
 * Staff sign-in, in place of whatever console address was opened (so it opens once signed in): e-mail and
 * password, then the code of the authenticator app. `expired`: a session ended while the console was open.
 */
export function SignInPage({ expired }: { expired: boolean }) {
  const { t } = useTranslation('console');
  const { signedIn } = useStaffSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeStep, setCodeStep] = useState(false);

  const login = useMutation({
    mutationFn: loginCall,
    onSuccess: () => {
      setCodeStep(true);
      setCode('');
    },
  });
  const totp = useMutation({
    mutationFn: loginCodeCall,
    onSuccess: signedIn,
    onError: (err) => {
      // The step's time or tries are used up: back to the password.
      if (err instanceof AdminApiError && err.code === 'staff_challenge_expired') {
        setCodeStep(false);
        login.reset();
      }
    },
  });

  if (codeStep) {
    return (
      <AuthFrame title={t('sign_in.code_title')}>
        <p className="text-body-secondary">{t('sign_in.code_intro')}</p>
        <ErrorAlert error={totp.error} testId="console-sign-in-error" />
        <Form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (code.length === 6) totp.mutate(code);
          }}
        >
          <CodeField id="console-sign-in-code" value={code} onChange={setCode} autoFocus />
          <BusyButton
            type="submit"
            busy={totp.isPending}
            disabled={code.length !== 6}
            className="btn btn-primary w-100"
            data-testid="console-totp-submit"
          >
            {t('sign_in.verify')}
          </BusyButton>
        </Form>
        <button
          type="button"
          className="btn btn-link px-0 mt-2"
          onClick={() => {
            setCodeStep(false);
            totp.reset();
            login.reset();
          }}
        >
          {t('sign_in.start_over')}
        </button>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame title={t('sign_in.title')}>
      {expired && (
        <div className="alert alert-info" role="status" data-testid="console-session-ended">
          {t('sign_in.session_ended')}
        </div>
      )}
      {/* A code step that ran out comes back here with its reason. */}
      <ErrorAlert error={login.error ?? totp.error} testId="console-sign-in-error" />
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          login.mutate({ email: email.trim(), password });
        }}
      >
        <Form.Group controlId="console-email" className="mb-3">
          <Form.Label>{t('sign_in.email')}</Form.Label>
          <Form.Control
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="username"
            required
            data-testid="console-email"
          />
        </Form.Group>
        <Form.Group controlId="console-password" className="mb-3">
          <Form.Label>{t('sign_in.password')}</Form.Label>
          <Form.Control
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
            required
            data-testid="console-password"
          />
        </Form.Group>
        <BusyButton
          type="submit"
          busy={login.isPending}
          className="btn btn-primary w-100"
          data-testid="console-sign-in-submit"
        >
          {t('sign_in.submit')}
        </BusyButton>
      </Form>
    </AuthFrame>
  );
}
