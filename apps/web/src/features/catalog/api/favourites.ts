import type { FavouritesResponse, ServiceSummary } from '@numero/contract/catalog';
import type { Currency } from '@numero/contract/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Lang } from '../../../i18n/index.ts';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

const FAVOURITES_KEY = [...queryRoots.catalog, 'favourites'] as const;

/** The signed-in customer's favourite services, the latest chosen first. */
export function useFavourites(params: { currency: Currency; lang: Lang }) {
  return useQuery({
    queryKey: [...FAVOURITES_KEY, params.currency, params.lang] as const,
    queryFn: () => api<FavouritesResponse>('/api/v1/catalog/favourites', { query: { ...params } }),
    staleTime: 60_000,
  });
}

/** Marks or unmarks a service; the list changes on screen at once and is put right if the server refuses. */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ service, on }: { service: ServiceSummary; on: boolean }) =>
      api<void>(`/api/v1/catalog/favourites/${encodeURIComponent(service.code)}`, {
        method: on ? 'PUT' : 'DELETE',
      }),
    onMutate: async ({ service, on }) => {
      await queryClient.cancelQueries({ queryKey: FAVOURITES_KEY });
      const before = queryClient.getQueriesData<ServiceSummary[]>({ queryKey: FAVOURITES_KEY });
      queryClient.setQueriesData<ServiceSummary[]>({ queryKey: FAVOURITES_KEY }, (list = []) =>
        on
          ? [{ ...service }, ...list.filter((s) => s.code !== service.code)]
          : list.filter((s) => s.code !== service.code),
      );
      return { before };
    },
    onError: (_err, _vars, context) => {
      for (const [queryKey, data] of context?.before ?? []) queryClient.setQueryData(queryKey, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: FAVOURITES_KEY }),
  });
}
