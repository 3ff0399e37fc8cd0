import {
  type AdminBundleInput,
  adminBundleResponseSchema,
  adminCatalogueResponseSchema,
} from '../../../shared/schemas/admin-catalogue';
import {
  type AdminDiscountInput,
  adminDiscountResponseSchema,
  adminDiscountsResponseSchema,
  adminDiscountUsesResponseSchema,
} from '../../../shared/schemas/admin-discounts';
import { adminApi } from '../admin-api';

/** The catalogue section's calls (admins): bundles with their prices, and discount codes. */
export const catalogueQuery = {
  queryKey: ['console', 'catalogue'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    adminApi('api/admin/catalogue.php', { schema: adminCatalogueResponseSchema, signal }),
};

export const saveBundleCall = ({ id, input }: { id: number | null; input: AdminBundleInput }) =>
  adminApi('api/admin/catalogue.php', {
    method: id === null ? 'POST' : 'PUT',
    ...(id === null ? {} : { query: { id } }),
    body: input,
    schema: adminBundleResponseSchema,
  }).then((a) => a.bundle);

export const reorderCall = (ids: number[]) =>
  adminApi('api/admin/catalogue-order.php', {
    method: 'PUT',
    body: { ids },
    schema: adminCatalogueResponseSchema,
  });

export const discountsQuery = (filter: { q?: string; status?: 'active' | 'disabled' }) => ({
  queryKey: ['console', 'discounts', filter] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    adminApi('api/admin/discounts.php', { query: filter, schema: adminDiscountsResponseSchema, signal }).then(
      (a) => a.codes,
    ),
});

export const createDiscountCall = (input: AdminDiscountInput) =>
  adminApi('api/admin/discounts.php', {
    method: 'POST',
    body: input,
    schema: adminDiscountResponseSchema,
  }).then((a) => a.code);

export const discountStatusCall = ({ id, status }: { id: number; status: 'active' | 'disabled' }) =>
  adminApi('api/admin/discounts.php', {
    method: 'PUT',
    query: { id },
    body: { status },
    schema: adminDiscountResponseSchema,
  }).then((a) => a.code);

export const discountUsesQuery = (id: number) => ({
  queryKey: ['console', 'discount-uses', id] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    adminApi('api/admin/discount-uses.php', {
      query: { id },
      schema: adminDiscountUsesResponseSchema,
      signal,
    }),
});

/** Minor units ↔ the amount typed in the currency's major unit (9.95 → 995). */
export function fractionDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}
export const toMinor = (major: string, currency: string): number | null =>
  major.trim() === '' || Number.isNaN(Number(major.replace(',', '.')))
    ? null
    : Math.round(Number(major.replace(',', '.')) * 10 ** fractionDigits(currency));
export const toMajor = (minor: number, currency: string): string =>
  (minor / 10 ** fractionDigits(currency)).toFixed(fractionDigits(currency));
