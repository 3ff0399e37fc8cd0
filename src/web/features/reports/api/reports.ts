import type { ReportRequest } from '../../../../shared/schemas/reports';
import { api } from '../../../lib/http';

/** POST /api/report.php: reports a member for moderation; with `block`, blocks in the same step. */
export const reportCall = (body: ReportRequest) =>
  api<{ ok: true; blocked: boolean }>('api/report.php', { method: 'POST', body });
