import type { AdminCatalogOptions } from '@numero/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Lang } from '../../../i18n/index.ts';
import { api } from '../../../lib/api-client.ts';
import { adminProductKeys } from './staff-product-keys.ts';

/** GET /api/v1/admin/products/options: categories (with counts), services and countries, on or off. */
export function getCatalogOptions() {
  return api<AdminCatalogOptions>('/api/v1/admin/products/options');
}

export function useCatalogOptions(lang: Lang) {
  return useQuery(
    queryOptions({
      // The names come in the request's language (Accept-Language), hence the key.
      queryKey: adminProductKeys.options(lang),
      queryFn: getCatalogOptions,
      staleTime: 60_000,
    }),
  );
}
