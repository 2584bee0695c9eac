import type { ServiceSummary } from '@numero/contract/catalog';
import type { Currency } from '@numero/contract/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Lang } from '../../../i18n/index.ts';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

export interface ServicesParams {
  currency: Currency;
  lang: Lang;
}

/** Every service on sale, most popular first, with its cheapest price in the currency. */
export function getServices({ currency, lang }: ServicesParams) {
  return api<ServiceSummary[]>('/api/v1/catalog/services', { query: { currency, lang } });
}

export function servicesQueryOptions(params: ServicesParams) {
  return queryOptions({
    queryKey: [...queryRoots.catalog, 'services', params.currency, params.lang] as const,
    queryFn: () => getServices(params),
    staleTime: 60_000,
  });
}

export function useServices(params: ServicesParams) {
  return useQuery(servicesQueryOptions(params));
}
