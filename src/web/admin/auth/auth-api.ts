import type { z } from 'zod';
import {
  type inviteAcceptRequestSchema,
  inviteAcceptResponseSchema,
  inviteLookupResponseSchema,
  type Staff,
  staffLoginResponseSchema,
  staffMeResponseSchema,
  staffOkSchema,
  type staffPasswordChangeSchema,
} from '../../../shared/schemas/admin-staff';
import { adminApi } from '../admin-api';

/** The signed-in staff member. */
export type ConsoleStaff = Staff;

export const meCall = (signal?: AbortSignal) =>
  adminApi('api/admin/me.php', { schema: staffMeResponseSchema, signal }).then((a) => a.staff);

/** Sign-in, step 1: e-mail and password. The server keeps the step in an HttpOnly cookie for step 2. */
export const loginCall = (body: { email: string; password: string }) =>
  adminApi('api/admin/login.php', { method: 'POST', body, schema: staffLoginResponseSchema });

/** Sign-in, step 2: a current code of the authenticator app; answers the signed-in staff member. */
export const loginCodeCall = (code: string) =>
  adminApi('api/admin/login-code.php', {
    method: 'POST',
    body: { code },
    schema: staffMeResponseSchema,
  }).then((a) => a.staff);

export const passwordCall = (body: z.input<typeof staffPasswordChangeSchema>) =>
  adminApi('api/admin/password.php', { method: 'POST', body, schema: staffOkSchema });

/** What an invitation is for (public; the token is the invitation link's). */
export const inviteLookupCall = (token: string, signal?: AbortSignal) =>
  adminApi('api/admin/invite.php', { query: { token }, schema: inviteLookupResponseSchema, signal });

/** Accepting, step 1: name and password; answers the TOTP secret to enrol. */
export const inviteAcceptCall = (body: z.input<typeof inviteAcceptRequestSchema>) =>
  adminApi('api/admin/invite.php', { method: 'POST', body, schema: inviteAcceptResponseSchema });

/** Accepting, step 2: one code of the enrolled app creates the account and signs in. */
export const inviteConfirmCall = (body: { token: string; code: string }) =>
  adminApi('api/admin/invite.php', { method: 'PUT', body, schema: staffMeResponseSchema }).then(
    (a) => a.staff,
  );
