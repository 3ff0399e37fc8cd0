import { queryOptions } from '@tanstack/react-query';
import { figuresResponseSchema, trafficResponseSchema } from '../../../shared/schemas/admin-figures';
import { apiUrl } from '../../lib/http';
import { adminApi } from '../admin-api';

/** The figures section's filter: a site id ('' = all sites) and a period ('' = the server's default). */
export interface FiguresFilter {
  site: string;
  from: string;
  to: string;
}

const query = (f: FiguresFilter) => ({
  site: f.site || undefined,
  from: f.from || undefined,
  to: f.to || undefined,
});

export const figuresQuery = (f: FiguresFilter) =>
  queryOptions({
    queryKey: ['admin-figures', f],
    queryFn: ({ signal }) =>
      adminApi('api/admin/figures.php', { query: query(f), schema: figuresResponseSchema, signal }),
  });

export const trafficQuery = (f: FiguresFilter) =>
  queryOptions({
    queryKey: ['admin-traffic', f],
    queryFn: ({ signal }) =>
      adminApi('api/admin/traffic.php', { query: query(f), schema: trafficResponseSchema, signal }),
  });

/** The CSV download's address (a plain link: the staff cookie goes with it). */
export const trafficCsvUrl = (f: FiguresFilter) => apiUrl('api/admin/traffic.csv', query(f));

/** Integer minor units of a currency, formatted for the locale (EUR 1995 → € 19,95). */
export function formatMoney(minor: number, currency: string, locale: string): string {
  try {
    const fmt = new Intl.NumberFormat(locale, { style: 'currency', currency });
    const digits = fmt.resolvedOptions().maximumFractionDigits ?? 2;
    return fmt.format(minor / 10 ** digits);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}
