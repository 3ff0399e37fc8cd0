import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyInfo } from '../../../../shared/schemas/sites';
import { api } from '../../../lib/http';

/** Loaded once and cached. */
export const companyInfoQuery = queryOptions({
  queryKey: ['companyinfo'],
  queryFn: () => api<{ companyinfo: CompanyInfo }>('api/companyinfo.php').then((r) => r.companyinfo),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useCompanyInfo() {
  return useQuery(companyInfoQuery);
}
