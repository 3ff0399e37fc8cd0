import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminMember } from '../../../shared/schemas/admin-members';
import { BusyButton } from '../../components/ui/BusyButton';
import { ConsoleSpinner } from '../components/ConsoleSpinner';
import { ErrorAlert } from '../components/ErrorAlert';
import { formatDateTime } from '../components/format';
import { exportsKey, memberExportsQuery, requestExportCall } from './members-api';

/**
 * The member's data (GDPR access) for staff, admins only: prepare a zip of JSON and photos in the background (the
 * data-export module; audited, no mail to the member) and download it while it is ready (until it expires).
 */
export function ExportTab({ member }: { member: AdminMember }) {
  const { t, i18n } = useTranslation('members');
  const client = useQueryClient();
  const id = member.account.id;
  const list = useQuery(memberExportsQuery(id));
  const ask = useMutation({
    mutationFn: () => requestExportCall(id),
    onSuccess: () => client.invalidateQueries({ queryKey: exportsKey(id) }),
  });
  const preparing = list.data?.some((e) => e.state === 'preparing') ?? false;
  return (
    <>
      <p className="small">{t('export.explain')}</p>
      <ErrorAlert error={ask.error ?? list.error} ns="members" />
      <BusyButton
        busy={ask.isPending}
        disabled={preparing || member.account.purged}
        className="btn btn-primary btn-sm mb-3"
        onClick={() => ask.mutate()}
        data-testid="member-export-request"
      >
        <i className="bi bi-file-earmark-zip me-1" aria-hidden="true" />
        {t('export.request')}
      </BusyButton>
      {list.isPending ? (
        <ConsoleSpinner />
      ) : list.data && list.data.length > 0 ? (
        <ul className="list-group small" data-testid="member-exports">
          {list.data.map((e) => (
            <li key={e.id} className="list-group-item d-flex flex-wrap align-items-center gap-2">
              <div className="me-auto">
                <div className="fw-semibold">{t(`export.state.${e.state}`)}</div>
                <div className="text-body-secondary">
                  {t('export.requested', {
                    when: formatDateTime(e.requested_at, i18n.language),
                    by: t(`export.by.${e.requested_by}`),
                  })}
                  {e.expires_at &&
                    ` · ${t('export.until', { when: formatDateTime(e.expires_at, i18n.language) })}`}
                </div>
              </div>
              {e.state === 'ready' && e.download_url && (
                <a className="btn btn-sm btn-outline-dark" href={e.download_url} download>
                  <i className="bi bi-download me-1" aria-hidden="true" />
                  {t('export.download')}
                </a>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-body-secondary small">{t('export.none')}</p>
      )}
    </>
  );
}
