import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { cn } from './ui/cn.ts';
import { Skeleton } from './ui/feedback.tsx';

// Pieces the paged lists share (mostly the staff ones): the search box's pause, the summary cards,
// the table skeleton and the error texts.

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

/**
 * The text for the status, as the spec's users list does; else the server's detail when it sent one.
 * `t` is the screen's own: each staff list holds these `errors.*` texts.
 */
export function loadErrorText(error: unknown, t: (key: string) => string): string {
  if (!(error instanceof ApiError)) return t('errors.load');
  if (error.isNetworkError) return t('errors.network');
  if (error.status === 401) return t('errors.unauthorized');
  if (error.status === 403) return t('errors.forbidden');
  return error.detail ?? t('errors.load');
}

/** The server's detail for a failed request (an action, or a list that has no per-status texts), else the fallback. */
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
