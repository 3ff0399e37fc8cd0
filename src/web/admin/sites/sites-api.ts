import {
  type AdminCompanyInput,
  type AdminSiteInput,
  adminCompanyResponseSchema,
  adminSiteResponseSchema,
  adminSitesResponseSchema,
} from '../../../shared/schemas/admin-sites';
import { adminApi } from '../admin-api';

/** The sites section's calls (admins): the sites and companies of the network. */
export const sitesQuery = {
  queryKey: ['console', 'sites'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    adminApi('api/admin/sites.php', { schema: adminSitesResponseSchema, signal }),
};

export const saveSiteCall = ({ id, input }: { id: number | null; input: AdminSiteInput }) =>
  adminApi('api/admin/sites.php', {
    method: id === null ? 'POST' : 'PUT',
    ...(id === null ? {} : { query: { id } }),
    body: input,
    schema: adminSiteResponseSchema,
  }).then((a) => a.site);

export const saveCompanyCall = ({ id, input }: { id: number | null; input: AdminCompanyInput }) =>
  adminApi('api/admin/companies.php', {
    method: id === null ? 'POST' : 'PUT',
    ...(id === null ? {} : { query: { id } }),
    body: input,
    schema: adminCompanyResponseSchema,
  }).then((a) => a.company);
