import type { ServiceSort, ServicesResponse } from '@numero/contract/catalog';
import type { Currency } from '@numero/contract/common';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Lang } from '../../../i18n/index.ts';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

export interface ServicesParams {
  currency: Currency;
  lang: Lang;
  category?: string;
  q?: string;
  sort?: ServiceSort;
  /** One service, by its code. */
  service?: string;
}

/** One page of the services on sale the filters select, each with its cheapest price in the currency. */
export function getServices(params: ServicesParams, cursor?: string) {
  return api<ServicesResponse>('/api/v1/catalog/services', { query: { ...params, cursor } });
}

const key = (params: ServicesParams) => [...queryRoots.catalog, 'services', params] as const;

export function servicePagesQueryOptions(params: ServicesParams) {
  return infiniteQueryOptions({
    queryKey: key(params),
    queryFn: ({ pageParam }) => getServices(params, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 60_000,
  });
}

/** Every page read so far; the next is fetched when the list is scrolled near its end. */
export function useServicePages(params: ServicesParams) {
  // A changed filter keeps the old list on screen until the new one arrives, rather than a skeleton.
  return useInfiniteQuery({ ...servicePagesQueryOptions(params), placeholderData: keepPreviousData });
}

/** One service by its code; null once the server says it is not on sale. */
export function useService(params: Omit<ServicesParams, 'service'>, code: string | null) {
  const asked = { currency: params.currency, lang: params.lang, service: code ?? undefined };
  return useQuery({
    queryKey: [...key(asked), 'one'] as const,
    queryFn: () => getServices(asked),
    select: (page) => page.items[0] ?? null,
    enabled: code !== null,
    staleTime: 60_000,
  });
}
