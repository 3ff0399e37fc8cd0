import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AdminReportAction,
  adminAppealDecisionResponseSchema,
  adminAppealsResponseSchema,
  adminReportActionResponseSchema,
  adminReportsResponseSchema,
} from '../../../shared/schemas/admin-reports';
import { adminApi } from '../admin-api';

/** The notice queue's and the appeals' calls (/api/admin/reports.php, /api/admin/appeals.php). */
export const reportsQuery = (page: number) => ({
  queryKey: ['console', 'reports', page] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    adminApi('api/admin/reports.php', { query: { page }, schema: adminReportsResponseSchema, signal }),
});

export const actOnReport = (body: AdminReportAction) =>
  adminApi('api/admin/reports.php', { method: 'POST', body, schema: adminReportActionResponseSchema });

export const appealsQuery = {
  queryKey: ['console', 'appeals'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    adminApi('api/admin/appeals.php', { schema: adminAppealsResponseSchema, signal }),
};

export const decideAppealCall = (body: { id: number; outcome: 'upheld' | 'reversed'; note: string }) =>
  adminApi('api/admin/appeals.php', { method: 'POST', body, schema: adminAppealDecisionResponseSchema });

/** The decision kinds' and grounds' names come from the member side's shared catalog (src/shared/i18n). */
const sharedModeration = import.meta.glob<{ default: Record<string, unknown> }>(
  '../../../shared/i18n/*/moderation.json',
);

/** Loads the shared 'moderation' namespace into the console's i18next for its language; true once it is there. */
export function useModerationTexts(): boolean {
  const { i18n } = useTranslation();
  const lng = i18n.language;
  const [ready, setReady] = useState(() => i18n.hasResourceBundle(lng, 'moderation'));
  useEffect(() => {
    if (i18n.hasResourceBundle(lng, 'moderation')) return setReady(true);
    setReady(false);
    const load = sharedModeration[`../../../shared/i18n/${lng}/moderation.json`];
    if (!load) return;
    let live = true;
    void load().then((m) => {
      i18n.addResourceBundle(lng, 'moderation', m.default, true, true);
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [i18n, lng]);
  return ready;
}
