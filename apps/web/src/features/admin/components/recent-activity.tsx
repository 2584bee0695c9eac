import type { RecentActivity as Entry } from '@numero/contract/admin';
import { useTranslation } from 'react-i18next';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { EmptyState, Skeleton } from '../../../components/ui/feedback.tsx';
import { actionIcon, actionLabel, actionTone, entityLabel } from '../audit-labels.ts';
import { formatRelativeTime, type RelativeTexts } from '../relative-time.ts';

const tones = {
  brand: 'bg-brand-50 text-brand-700',
  sky: 'bg-sky-50 text-sky-700',
  amber: 'bg-amber-50 text-amber-700',
  red: 'bg-red-50 text-red-700',
  slate: 'bg-slate-100 text-slate-700',
} as const;

/** The latest audit entries (spec §2): icon, what happened, to what, by whom, and how long ago. */
export function RecentActivity({
  entries,
  loading,
  now,
  lang,
}: {
  entries: Entry[] | undefined;
  loading: boolean;
  now: Date;
  lang: string;
}) {
  const { t } = useTranslation('admin');
  const texts: RelativeTexts = {
    justNow: t('time.justNow'),
    invalid: t('time.invalid'),
    minutes: (count) => t('time.minutes', { count }),
    hours: (count) => t('time.hours', { count }),
  };
  return (
    <Card>
      <CardTitle>{t('activity.title')}</CardTitle>
      {loading ? (
        <ul className="flex flex-col gap-4" aria-hidden>
          {[0, 1, 2, 3, 4].map((i) => (
            <li key={i} className="flex items-center gap-3">
              <Skeleton className="size-9 rounded-full" />
              <Skeleton className="h-4 flex-1" />
              <Skeleton className="h-4 w-16" />
            </li>
          ))}
        </ul>
      ) : !entries || entries.length === 0 ? (
        <EmptyState title={t('activity.empty')}>{t('activity.emptyText')}</EmptyState>
      ) : (
        <ol className="divide-y divide-slate-100" data-testid="recent-activity">
          {entries.map((e, i) => {
            const Icon = actionIcon(e.action);
            const entity = entityLabel(e.entity_type, t);
            return (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: entries carry no id; the list is replaced whole
                key={`${e.created_at}-${e.action}-${i}`}
                className="flex items-start gap-3 py-3 first:pt-0 last:pb-0"
                data-testid="activity-item"
                data-action={e.action}
              >
                <span
                  className={cn(
                    'mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full',
                    tones[actionTone(e.action)],
                  )}
                >
                  <Icon className="size-4" aria-hidden />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="font-medium text-slate-900">{actionLabel(e.action, t)}</span>
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                      <span className="sr-only">{t('activity.entity', { entity })}</span>
                      <span aria-hidden>{entity}</span>
                    </span>
                  </p>
                  <p className="truncate text-sm text-slate-600">
                    {e.user_email ? t('activity.by', { email: e.user_email }) : t('activity.anonymous')}
                  </p>
                </div>
                <time
                  dateTime={e.created_at}
                  className="shrink-0 text-xs whitespace-nowrap text-slate-500 tabular-nums"
                >
                  {formatRelativeTime(e.created_at, now, lang, texts)}
                </time>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
