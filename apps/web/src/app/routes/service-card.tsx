import type { ServiceSummary } from '@numero/contract/catalog';
import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ServiceIcon } from '../../components/brand-icons.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Skeleton } from '../../components/ui/feedback.tsx';
import { useToggleFavourite } from '../../features/catalog/api/favourites.ts';
import { formatMoney } from '../../i18n/format.ts';
import type { Lang } from '../../i18n/index.ts';
import { toast } from '../../lib/toast.ts';

export function CategoryChip({
  active,
  onClick,
  children,
}: {
  active: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        'h-11 rounded-full px-4 text-sm font-medium ring-1 transition-colors',
        active
          ? 'bg-brand-700 text-white ring-brand-700'
          : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
      )}
    >
      {children}
    </button>
  );
}

/** A service to choose, with its starting price, and a star that keeps it among the customer's favourites. */
export function ServiceCard({
  service: s,
  lang,
  favourite,
  onChoose,
}: {
  service: ServiceSummary;
  lang: Lang;
  favourite: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation('products');
  const toggle = useToggleFavourite();
  const available = s.from_price !== null && s.countries_available > 0;
  return (
    <div className="relative flex w-full">
      <button
        type="button"
        onClick={onChoose}
        data-testid={`service-${s.code}`}
        className="flex w-full flex-col items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-left shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50/40"
      >
        <span className="flex size-11 items-center justify-center rounded-xl bg-slate-100" aria-hidden>
          <ServiceIcon code={s.code} name={s.name} className="size-6" />
        </span>
        <span className="min-w-0 pr-8">
          <span className="block font-semibold break-words text-slate-900">{s.name}</span>
          <span className="block text-xs text-slate-500">{s.category_name}</span>
        </span>
        <span className="mt-auto text-sm">
          {available ? (
            <>
              <span className="block font-medium text-slate-900 tabular-nums">
                {t('service.from', { price: formatMoney(s.from_price!, s.currency, lang) })}
              </span>
              <span className="block text-xs text-slate-500">
                {t('service.countries', { count: s.countries_available })}
              </span>
            </>
          ) : (
            <span className="text-slate-500">{t('service.unavailable')}</span>
          )}
        </span>
      </button>
      <button
        type="button"
        aria-pressed={favourite}
        aria-label={t(favourite ? 'favourites.remove' : 'favourites.add', { service: s.name })}
        onClick={() =>
          toggle.mutate(
            { service: s, on: !favourite },
            { onError: (err) => toast.error(err instanceof Error ? err.message : t('favourites.failed')) },
          )
        }
        className="absolute top-1 right-1 flex size-11 items-center justify-center rounded-full text-slate-400 hover:bg-slate-100 hover:text-amber-500"
      >
        <Star className={cn('size-5', favourite && 'fill-amber-400 text-amber-500')} aria-hidden />
      </button>
    </div>
  );
}

export function ServicesSkeleton({ label }: { label: string }) {
  return (
    <div>
      <p role="status" className="sr-only">
        {label}
      </p>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-hidden>
        {[0, 1, 2, 3, 4, 5, 6, 7].map((i) => (
          <li key={i} className="rounded-2xl border border-slate-200 bg-white p-4">
            <Skeleton className="size-11 rounded-xl" />
            <Skeleton className="mt-3 h-5 w-24" />
            <Skeleton className="mt-3 h-4 w-20" />
          </li>
        ))}
      </ul>
    </div>
  );
}
