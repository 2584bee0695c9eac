import type { AdminOrdersFilter } from '@numero/contract/activations';
import type { Lang } from '../../../i18n/index.ts';
import { activationKeys } from './keys.ts';

export interface AdminOrdersParams extends AdminOrdersFilter {
  skip: number;
  limit: number;
  lang: Lang;
}

/** Query keys of the orders screen: an action invalidates `all`, so the list and the counts refresh. */
export const adminOrderKeys = {
  all: ['admin-orders'] as const,
  list: (params: AdminOrdersParams) => ['admin-orders', 'list', params] as const,
  summary: ['admin-orders', 'summary'] as const,
};

/** The customer-side activation queries (the staff member may be looking at their own order too). */
export const ACTIVATIONS_KEY = activationKeys.all;
