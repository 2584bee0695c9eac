import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState, ErrorState } from './ui/feedback.tsx';
import { Pagination, type PaginationLabels } from './ui/pagination.tsx';

/**
 * The body every paged list shares: its skeleton while the first page loads, the error with a retry (the
 * list empties on a failure: what it showed may no longer be true), the empty state, or the rows and
 * the pagination under them.
 */
export function PagedList<T>({
  query,
  skeleton,
  errorMessage,
  retryLabel,
  empty,
  page,
  pages,
  onPageChange,
  labels,
  totalTestId,
  children,
}: {
  query: UseQueryResult<{ items: T[]; total: number }>;
  skeleton: ReactNode;
  errorMessage: (error: unknown) => string;
  retryLabel: string;
  empty: { title: string; body?: ReactNode };
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  labels: (total: number) => PaginationLabels;
  totalTestId?: string;
  children: (items: T[]) => ReactNode;
}) {
  return (
    <div className="mt-6" aria-busy={query.isFetching}>
      {query.isPending ? (
        skeleton
      ) : query.isError ? (
        <ErrorState
          message={errorMessage(query.error)}
          retryLabel={retryLabel}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.items.length === 0 ? (
        <EmptyState title={empty.title}>{empty.body}</EmptyState>
      ) : (
        <>
          {children(query.data.items)}
          <Pagination
            page={page}
            pages={pages}
            onPageChange={onPageChange}
            totalTestId={totalTestId}
            labels={labels(query.data.total)}
          />
        </>
      )}
    </div>
  );
}
