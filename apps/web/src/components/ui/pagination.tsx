import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button.tsx';

export interface PaginationLabels {
  /** The nav landmark's name. */
  nav: string;
  /** "45 orders": always shown. */
  total: string;
  /** "Page 1 of 3": shown after the total when there is more than one page. */
  page: string;
  previous: string;
  next: string;
}

// A screen's `t`; i18next's own type is tied to one namespace, so only the two call shapes used here.
type Translate = {
  (key: string): string;
  (key: string, options: { count: number } | { page: number; pages: number }): string;
};

/** How many pages `total` items fill; an empty list still has its one (empty) page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The labels from the screen's own `pagination.*` texts: each paged list's locale file holds those keys. */
export function paginationLabels(
  t: Translate,
  { total, page, pages }: { total: number; page: number; pages: number },
): PaginationLabels {
  return {
    nav: t('pagination.label'),
    total: t('pagination.total', { count: total }),
    page: t('pagination.page', { page, pages }),
    previous: t('pagination.previous'),
    next: t('pagination.next'),
  };
}

/**
 * A list's total, and previous/next buttons only when there is more than one page (spec: users screen;
 * every paged list follows it). Pages count from 1; each screen keeps the page where it likes (the URL).
 */
export function Pagination({
  page,
  pages,
  onPageChange,
  labels,
  totalTestId,
}: {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  labels: PaginationLabels;
  totalTestId?: string;
}) {
  return (
    <nav aria-label={labels.nav} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600" data-testid={totalTestId}>
        {labels.total}
        {pages > 1 && ` · ${labels.page}`}
      </p>
      {pages > 1 && (
        <div className="flex gap-2">
          <Button
            variant="secondary"
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
            icon={<ChevronLeft className="size-4" aria-hidden />}
          >
            {labels.previous}
          </Button>
          <Button variant="secondary" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
            {labels.next}
            <ChevronRight className="size-4" aria-hidden />
          </Button>
        </div>
      )}
    </nav>
  );
}
