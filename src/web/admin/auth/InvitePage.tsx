import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { STAFF_RULES } from '../../../shared/rules';
import { BusyButton } from '../../components/ui/BusyButton';
import { ConsoleSpinner } from '../components/ConsoleSpinner';
import { ErrorAlert } from '../components/ErrorAlert';
import { fieldError, isFieldRefusal } from '../components/form-errors';
import { PasswordFields, passwordsReady } from '../components/PasswordFields';
import { useStaffSession } from '../session';
import { AuthFrame } from './AuthFrame';
import { inviteAcceptCall, inviteConfirmCall, inviteLookupCall } from './auth-api';
import { CodeField } from './CodeField';
import { TotpEnrol } from './TotpEnrol';

/**
 * Accepting an invitation (/admin/invite?token=…): name and password, then the authenticator app (QR code or the
 * key by hand) and one of its codes, which creates the account and signs in.
 */
export function InvitePage() {
  const { t } = useTranslation('console');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invite = useQuery({
    queryKey: ['console', 'invite', token],
    queryFn: ({ signal }) => inviteLookupCall(token, signal),
    enabled: token.length >= 20,
  });

  if (token.length < 20) {
    return (
      <AuthFrame title={t('invite.title')}>
        <div className="alert alert-warning" data-testid="console-invite-invalid">
          {t('invite.missing_token')}
        </div>
      </AuthFrame>
    );
  }
  if (invite.isPending) return <ConsoleSpinner />;
  if (invite.isError) {
    return (
      <AuthFrame title={t('invite.title')}>
        <ErrorAlert error={invite.error} testId="console-invite-invalid" />
      </AuthFrame>
    );
  }
  return <InviteSteps token={token} invite={invite.data} />;
}

function InviteSteps({
  token,
  invite,
}: {
  token: string;
  invite: { email: string; name: string; role: 'moderator' | 'admin' };
}) {
  const { t } = useTranslation('console');
  const navigate = useNavigate();
  const { signedIn } = useStaffSession();
  const [name, setName] = useState(invite.name);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [code, setCode] = useState('');
  const accept = useMutation({ mutationFn: inviteAcceptCall });
  const finish = useMutation({
    mutationFn: inviteConfirmCall,
    onSuccess: (staff) => {
      signedIn(staff);
      navigate('/admin', { replace: true });
    },
  });

  if (accept.data) {
    return (
      <AuthFrame title={t('invite.enrol_title')}>
        <p className="text-body-secondary">{t('invite.enrol_intro')}</p>
        <TotpEnrol uri={accept.data.otpauth_uri} secret={accept.data.secret} />
        <ErrorAlert error={finish.error} testId="console-invite-error" />
        <Form
          onSubmit={(e) => {
            e.preventDefault();
            if (code.length === 6) finish.mutate({ token, code });
          }}
        >
          <CodeField id="console-invite-code" value={code} onChange={setCode} />
          <BusyButton
            type="submit"
            busy={finish.isPending}
            disabled={code.length !== 6}
            className="btn btn-primary w-100"
            data-testid="console-invite-finish"
          >
            {t('invite.finish')}
          </BusyButton>
        </Form>
      </AuthFrame>
    );
  }

  const nameError = fieldError(accept.error, 'name');
  return (
    <AuthFrame title={t('invite.title')}>
      <p data-testid="console-invite-intro">
        {t('invite.intro', { role: t(`roles.${invite.role}`), email: invite.email })}
      </p>
      {!isFieldRefusal(accept.error) && <ErrorAlert error={accept.error} testId="console-invite-error" />}
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          if (passwordsReady(password, confirm))
            accept.mutate({ token, name: name.trim(), password, password_confirm: confirm });
        }}
      >
        <Form.Group controlId="console-invite-name" className="mb-3">
          <Form.Label>{t('invite.name')}</Form.Label>
          <Form.Control
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoComplete="name"
            minLength={STAFF_RULES.name.min}
            maxLength={STAFF_RULES.name.max}
            required
            isInvalid={!!nameError}
            data-testid="console-invite-name"
          />
          <Form.Control.Feedback type="invalid">{nameError}</Form.Control.Feedback>
        </Form.Group>
        <input type="hidden" autoComplete="username" value={invite.email} readOnly />
        <PasswordFields
          idPrefix="console-invite"
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          error={accept.error}
          labels={{ password: t('invite.password'), confirm: t('invite.password_confirm') }}
        />
        <BusyButton
          type="submit"
          busy={accept.isPending}
          disabled={name.trim().length < STAFF_RULES.name.min || !passwordsReady(password, confirm)}
          className="btn btn-primary w-100"
          data-testid="console-invite-continue"
        >
          {t('invite.continue')}
        </BusyButton>
      </Form>
    </AuthFrame>
  );
}
