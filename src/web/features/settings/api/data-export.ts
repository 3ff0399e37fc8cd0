import { queryOptions } from '@tanstack/react-query';
import type { DataExportStatus } from '../../../../shared/schemas/data-export';
import { api } from '../../../lib/http';

export const DATA_EXPORT_KEY = ['data-export'];

/**
 * GET /api/data-export.php: the member's newest data export. While one is being prepared it is asked again every
 * 5 s (the job prepares it within seconds to minutes), so the page turns to "ready" by itself.
 */
export const dataExportQuery = queryOptions({
  queryKey: DATA_EXPORT_KEY,
  queryFn: () => api<DataExportStatus>('api/data-export.php'),
  refetchInterval: (q) => (q.state.data?.export?.state === 'preparing' ? 5_000 : false),
  throwOnError: false,
});

/** POST /api/data-export.php: asks for a new copy; answers the new state. */
export const requestDataExportCall = () =>
  api<DataExportStatus>('api/data-export.php', { method: 'POST', body: {} });
