import type { Currency } from '@numero/contract/common';
import type { WalletTransaction } from '@numero/contract/wallet';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import i18n from '../../../i18n/index.ts';
import { apiList } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

export interface TransactionsFilter {
  currency: Currency | null;
  skip: number;
  limit: number;
}

/** GET /api/v1/wallets/transactions/all: newest first, paginated on the server. */
export function getTransactions(filter: TransactionsFilter) {
  return apiList<WalletTransaction>('/api/v1/wallets/transactions/all', {
    query: { currency: filter.currency ?? undefined, skip: filter.skip, limit: filter.limit },
  });
}

export const transactionsQueryOptions = (filter: TransactionsFilter) =>
  queryOptions({
    // Descriptions come in the screen's language: another language is another answer.
    queryKey: [...queryRoots.wallet, 'transactions', filter, i18n.language],
    queryFn: () => getTransactions(filter),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useTransactions(filter: TransactionsFilter) {
  return useQuery(transactionsQueryOptions(filter));
}
