import type { ProductOperators } from '@numero/contract/catalog-operators';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

export interface OperatorsParams {
  service: string;
  country: string;
}

/** The mobile operators a customer may choose for a product; none when its sellers do not tell them apart. */
export function getOperators({ service, country }: OperatorsParams) {
  return api<ProductOperators>('/api/v1/catalog/operators', { query: { service, country } });
}

export function operatorsQueryOptions(params: OperatorsParams) {
  return queryOptions({
    queryKey: [...queryRoots.catalog, 'operators', params.service, params.country] as const,
    queryFn: () => getOperators(params),
    // Operators change over months; the server keeps them a few minutes too.
    staleTime: 5 * 60_000,
  });
}

export function useOperators(params: OperatorsParams) {
  return useQuery(operatorsQueryOptions(params));
}
