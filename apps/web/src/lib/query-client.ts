import { QueryClient } from '@tanstack/react-query';

/** The spec's cache defaults: fresh for 5 minutes, one retry, no refetch when the window regains focus. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5 * 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}
