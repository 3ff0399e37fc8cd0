import type { CurrentUser } from '../../../../shared/schemas/accounts';
import { api } from '../../../lib/http';

/** POST /api/signup-step.php: the member did or skipped this step; answers the member with the step to continue at. */
export const passSignupStepCall = (step: number) =>
  api<{ user: CurrentUser }>('api/signup-step.php', { method: 'POST', body: { step } }).then((r) => r.user);
