import type { AdminProductStatus } from '@numero/contract/catalog';
import type { Lang } from '../../../i18n/index.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

export interface AdminProductsParams {
  search?: string;
  category?: string;
  status?: AdminProductStatus;
  skip: number;
  limit: number;
  lang: Lang;
}

/** Query keys of the product screens: a change invalidates `all`, so the list, summary and counts refresh. */
export const adminProductKeys = {
  all: ['admin-products'] as const,
  list: (params: AdminProductsParams) => ['admin-products', 'list', params] as const,
  summary: ['admin-products', 'summary'] as const,
  options: (lang: Lang) => ['admin-products', 'options', lang] as const,
};

/** The customer-facing catalogue (prices, what is on sale): refreshed after a change here. */
export const CATALOG_KEY = queryRoots.catalog;
