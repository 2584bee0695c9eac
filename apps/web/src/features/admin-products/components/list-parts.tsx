import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Skeleton } from '../../../components/ui/feedback.tsx';
import { ApiError } from '../../../lib/api-client.ts';

// Pieces the two staff lists (products and orders) share: URL-held filters, the search box's pause,
// the summary cards, the pager and the load-error text.

/** Filters and the page live in the URL: a reload, a shared link or the back button keep them. */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        // Any filter change starts again from the first page.
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      // Typing and filtering replace the history entry; moving between pages adds one.
      { replace: !('page' in changes) },
    );
  return { params, page, update };
}

/**
 * The search box as typed, sent to the URL (and so to the server) once typing pauses, so each keystroke
 * does not cost a request. Follows the URL when it changes from elsewhere (back button, "clear filters").
 */
export function useSearchBox(value: string, commit: (text: string) => void, delayMs = 300) {
  const [text, setText] = useState(value);
  // The latest URL value and callback, read when the timer fires (a re-render must not restart it).
  const latest = useRef({ value, commit });
  latest.current = { value, commit };
  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);
  useEffect(() => {
    const timer = setTimeout(() => {
      const next = text.trim();
      if (next !== latest.current.value) latest.current.commit(next);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return { text, onChange: setText };
}

const toneClasses = {
  neutral: 'text-slate-900',
  success: 'text-emerald-700',
  warning: 'text-amber-700',
  danger: 'text-red-700',
  info: 'text-sky-700',
} as const;

export function StatCard({
  label,
  value,
  hint,
  tone = 'neutral',
  testId,
}: {
  label: string;
  /** undefined while loading (a skeleton), null when it could not be loaded (a dash). */
  value: number | null | undefined;
  hint?: string;
  tone?: keyof typeof toneClasses;
  testId?: string;
}) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid={testId}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={cn('mt-1 text-2xl font-semibold tabular-nums', toneClasses[tone])}>
        {value === undefined ? <Skeleton className="h-8 w-16" /> : (value ?? '—')}
      </dd>
      {hint && <dd className="mt-0.5 text-xs text-slate-500">{hint}</dd>}
    </div>
  );
}

export function StatGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section aria-label={label}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">{children}</dl>
    </section>
  );
}

/** The total always; page buttons only when there is more than one page (spec: users screen, same rule). */
export function Pager({
  page,
  pages,
  texts,
  onPage,
}: {
  page: number;
  pages: number;
  texts: { label: string; total: string; page: string; previous: string; next: string };
  onPage: (page: number) => void;
}) {
  return (
    <nav aria-label={texts.label} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600" data-testid="list-total">
        {texts.total}
        {pages > 1 && ` · ${texts.page}`}
      </p>
      {pages > 1 && (
        <div className="flex gap-2">
          <Button
            variant="secondary"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
            icon={<ChevronLeft className="size-4" aria-hidden />}
          >
            {texts.previous}
          </Button>
          <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            {texts.next}
            <ChevronRight className="size-4" aria-hidden />
          </Button>
        </div>
      )}
    </nav>
  );
}

/** The server's detail when it sent one; otherwise the text for the status, as the spec's users list does. */
export function loadErrorText(
  error: unknown,
  texts: { network: string; unauthorized: string; forbidden: string; fallback: string },
): string {
  if (!(error instanceof ApiError)) return texts.fallback;
  if (error.isNetworkError) return texts.network;
  if (error.status === 401) return texts.unauthorized;
  if (error.status === 403) return texts.forbidden;
  return error.detail ?? texts.fallback;
}

/** The server's detail for a failed action, else the screen's fallback text. */
export function actionErrorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail ? error.detail : fallback;
}

export function TableSkeleton({ label, rows = 6 }: { label: string; rows?: number }) {
  return (
    <div>
      <p role="status" className="sr-only">
        {label}
      </p>
      <div className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4" aria-hidden>
        {Array.from({ length: rows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on
          <div key={i} className="flex items-center gap-4 py-2">
            <Skeleton className="size-8 rounded-lg" />
            <Skeleton className="h-4 flex-1" />
            <Skeleton className="hidden h-4 w-20 sm:block" />
            <Skeleton className="h-6 w-24 rounded-full" />
            <Skeleton className="h-4 w-16" />
          </div>
        ))}
      </div>
    </div>
  );
}
