import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DataExportInfo } from '../../../../shared/schemas/data-export';
import { FormAlert } from '../../../components/form/FormAlert';
import { BusyButton } from '../../../components/ui/BusyButton';
import { DATA_EXPORT_KEY, dataExportQuery, requestDataExportCall } from '../api/data-export';
import { CardLoadState } from './CardLoadState';
import { SettingsCard } from './SettingsCard';

const megabytes = (bytes: number | null, locale: string) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(Math.max(0.1, (bytes ?? 0) / 1_048_576));

/**
 * "Download my data" (#data-export; GDPR Art. 15 and 20): ask for a copy, see it being prepared, download it while it
 * is ready (only with this session: the link in the mail leads here), or ask again once it expired.
 */
export function DataExportSection() {
  const { t, i18n } = useTranslation('settings');
  const queryClient = useQueryClient();
  const status = useQuery(dataExportQuery);
  const request = useMutation({
    mutationFn: requestDataExportCall,
    onSuccess: (data) => queryClient.setQueryData(DATA_EXPORT_KEY, data),
  });
  const date = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(
          new Date(iso),
        )
      : '';

  const stateText = (e: DataExportInfo) => {
    switch (e.state) {
      case 'preparing':
        return t('data_export.preparing', { date: date(e.requested_at) });
      case 'ready':
        return t('data_export.ready', { date: date(e.expires_at) });
      case 'expired':
        return t('data_export.expired');
      default:
        return t('data_export.failed');
    }
  };

  return (
    <SettingsCard id="data-export" title={t('data_export.title')} icon="bi-file-earmark-zip">
      <p className="small text-body-secondary">{t('data_export.intro')}</p>
      <CardLoadState
        query={status}
        errorText={t('data_export.load_error')}
        retryLabel={t('data_export.retry')}
        errorTestId="settings-data-export-error"
      >
        {(data) => {
          const e = data.export;
          const canAsk = e?.state !== 'preparing' && !data.next_request_at;
          return (
            <div data-testid="settings-data-export-state" data-state={e?.state ?? 'none'}>
              {e && (
                <p className="mb-3" role="status">
                  {e.state === 'preparing' && (
                    <span className="spinner-border spinner-border-sm text-primary me-2" aria-hidden="true" />
                  )}
                  {stateText(e)}
                </p>
              )}
              <FormAlert error={request.error} />
              <div className="d-flex flex-wrap gap-2">
                {e?.state === 'ready' && e.download_url && (
                  <a
                    className="btn btn-primary rounded-pill"
                    href={e.download_url}
                    download
                    data-testid="settings-data-export-download"
                  >
                    <i className="bi bi-download me-2" aria-hidden="true" />
                    {t('data_export.download', { size: megabytes(e.size_bytes, i18n.language) })}
                  </a>
                )}
                {canAsk && (
                  <BusyButton
                    type="button"
                    className={`btn rounded-pill ${e?.state === 'ready' ? 'btn-outline-primary' : 'btn-primary'}`}
                    busy={request.isPending}
                    onClick={() => request.mutate()}
                    data-testid="settings-data-export-request"
                  >
                    {e && e.state !== 'ready' ? t('data_export.request_again') : t('data_export.request')}
                  </BusyButton>
                )}
              </div>
              {!canAsk && data.next_request_at && e?.state !== 'preparing' && (
                <p className="small text-body-secondary mt-2 mb-0">
                  {t('data_export.next', { date: date(data.next_request_at) })}
                </p>
              )}
            </div>
          );
        }}
      </CardLoadState>
    </SettingsCard>
  );
}
