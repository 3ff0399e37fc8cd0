import type { CurrentUser, SignupRequest } from '../../../../shared/schemas/accounts';
import { api } from '../../../lib/http';

type UserAnswer = { user: CurrentUser };

export const loginCall = (email: string, password: string) =>
  api<UserAnswer>('api/user.php', { method: 'POST', body: { email, password } }).then((r) => r.user);

export const signupCall = (body: SignupRequest) =>
  api<UserAnswer>('api/signup.php', { method: 'POST', body }).then((r) => r.user);

export const saveLanguageCall = (language: string) =>
  api('api/user.php', { method: 'PUT', body: { language } });

export const resendActivationCall = () => api('api/activation-mail.php', { method: 'POST', body: {} });

export const changeActivationEmailCall = (email: string) =>
  api<UserAnswer>('api/activation-mail.php', { method: 'PUT', body: { email } }).then((r) => r.user);

export const passwordResetMailCall = (email: string) =>
  api('api/password-reset-mail.php', { method: 'POST', body: { email } });

export const passwordResetCall = (token: string, password: string, password_confirm: string) =>
  api<UserAnswer>('api/password-reset.php', {
    method: 'POST',
    body: { token, password, password_confirm },
  }).then((r) => r.user);

export const mailChangeCall = (email: string, password: string) =>
  api('api/mail-change.php', { method: 'POST', body: { email, password } });

export const mailChangeConfirmCall = (token: string) =>
  api('api/mail-change-confirm.php', { method: 'POST', body: { token } });

export const passwordChangeCall = (old_password: string, password: string, password_confirm: string) =>
  api('api/password.php', { method: 'POST', body: { old_password, password, password_confirm } });

export interface SessionInfo {
  id: number;
  current: boolean;
  user_agent: string;
  country: string | null;
  created_at: string;
  last_seen_at: string;
}
export const sessionsCall = () =>
  api<{ sessions: SessionInfo[] }>('api/sessions.php').then((r) => r.sessions);
export const revokeSessionCall = (id: number) => api('api/sessions.php', { method: 'DELETE', body: { id } });
export const revokeOtherSessionsCall = () =>
  api('api/sessions.php', { method: 'DELETE', body: { all_others: true } });

export interface DeleteOffers {
  change_email: boolean;
  privacy_mode: boolean;
  trial_package: boolean;
  /** the trial package for the member's country, or null (members who paid) */
  trial: { bundle_id: number; credits: number; amount: number; currency: string } | null;
  discount_percentage: number;
}
export const deleteOffersCall = () =>
  api<{ offers: DeleteOffers }>('api/delete-offers.php').then((r) => r.offers);
export const deleteAccountCall = (body: { reasons: string[]; comment?: string; password: string }) =>
  api('api/account-delete.php', { method: 'POST', body });
export const reactivateCall = (token: string) =>
  api<UserAnswer>('api/reactivate.php', { method: 'POST', body: { token } }).then((r) => r.user);
