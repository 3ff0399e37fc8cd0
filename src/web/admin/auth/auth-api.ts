import { z } from 'zod';
import { adminApi } from '../admin-api';
import { STAFF_ROLES } from '../roles';

/** The signed-in staff member, as GET /api/admin/me.php answers it. */
export const consoleStaffSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
});
export type ConsoleStaff = z.infer<typeof consoleStaffSchema>;

const meSchema = z.object({ staff: consoleStaffSchema });
const loginSchema = z.union([
  z.object({ staff: consoleStaffSchema }),
  z.object({ totp_required: z.literal(true), ticket: z.string() }),
]);

export const meCall = (signal?: AbortSignal) =>
  adminApi('api/admin/me.php', { schema: meSchema, signal }).then((a) => a.staff);

/** First step: e-mail and password; answers the ticket for the code step (or, without a second factor, the session). */
export const loginCall = (body: { email: string; password: string }) =>
  adminApi('api/admin/login.php', { method: 'POST', body, schema: loginSchema });

/** Second step: the ticket of the first and a TOTP code. */
export const loginTotpCall = (body: { ticket: string; code: string }) =>
  adminApi('api/admin/login-totp.php', { method: 'POST', body, schema: meSchema }).then((a) => a.staff);
