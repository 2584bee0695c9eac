import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from './ui/card.tsx';
import { cn } from './ui/cn.ts';
import { Skeleton } from './ui/feedback.tsx';

const tones = {
  brand: 'bg-brand-50 text-brand-700',
  sky: 'bg-sky-50 text-sky-700',
  violet: 'bg-violet-50 text-violet-700',
  amber: 'bg-amber-50 text-amber-700',
  emerald: 'bg-emerald-50 text-emerald-700',
  slate: 'bg-slate-100 text-slate-700',
} as const;

/** One figure of a dashboard: a label, the number, and a line that puts it in context. */
export function StatCard({
  icon: Icon,
  label,
  value,
  hint,
  tone = 'brand',
  loading,
  className,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  tone?: keyof typeof tones;
  loading?: boolean;
  className?: string;
  testId?: string;
}) {
  return (
    <Card className={cn('flex min-w-0 flex-col gap-3 p-4 sm:p-5', className)} data-testid={testId}>
      <div className="flex items-center justify-between gap-3">
        <h2 className="min-w-0 text-sm font-medium text-slate-600">{label}</h2>
        <span
          className={cn(
            'flex size-9 shrink-0 items-center justify-center rounded-xl sm:size-10',
            tones[tone],
          )}
        >
          <Icon className="size-5" aria-hidden />
        </span>
      </div>
      {loading ? (
        <>
          <Skeleton className="h-9 w-24" />
          <Skeleton className="h-4 w-32" />
        </>
      ) : (
        <>
          <p
            className="truncate text-2xl font-semibold sm:text-3xl tracking-tight text-slate-900 tabular-nums"
            data-testid={testId ? `${testId}-value` : undefined}
          >
            {value}
          </p>
          {hint && <div className="text-sm text-slate-600">{hint}</div>}
        </>
      )}
    </Card>
  );
}
