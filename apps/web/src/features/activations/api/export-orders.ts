import type { AdminOrdersFilter } from '@numero/contract/activations';
import type { Lang } from '../../../i18n/index.ts';

/**
 * GET /api/v1/admin/orders/export as a plain link: the browser downloads the CSV with the session cookie.
 * A link cannot send Accept-Language, so the language of the column titles goes in the query.
 */
export function exportOrdersUrl(filter: AdminOrdersFilter, lang: Lang): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v) query.set(k, v);
  query.set('lang', lang);
  return `/api/v1/admin/orders/export?${query.toString()}`;
}
