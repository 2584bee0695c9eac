import { RefreshCw, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn.ts';
import { Skeleton } from '../../../components/ui/feedback.tsx';
import { currencyFor, formatMoney } from '../../../i18n/format.ts';
import { useBalance } from '../api/get-balance.ts';

/** The header's balance: in reais in Portuguese, in dollars in English, with a refresh button. */
export function BalanceDisplay({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const currency = currencyFor(i18n.language);
  const balance = useBalance(currency);
  const amount = balance.data ? formatMoney(balance.data.balance, currency, i18n.language) : null;
  return (
    <div
      className={cn(
        'flex h-11 items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 pl-3 text-sm',
        className,
      )}
    >
      <Wallet className="size-4 shrink-0 text-brand-700" aria-hidden />
      <span className="sr-only">{t('balance.label')}:</span>
      {amount ? (
        <output
          aria-live="polite"
          className="font-semibold text-slate-900 tabular-nums"
          data-testid="header-balance"
        >
          {amount}
        </output>
      ) : (
        <Skeleton className="h-4 w-16" />
      )}
      <button
        type="button"
        onClick={() => void balance.refetch()}
        disabled={balance.isFetching}
        aria-label={t('balance.refresh')}
        title={t('balance.refresh')}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900 disabled:cursor-wait"
      >
        <RefreshCw className={cn('size-4', balance.isFetching && 'animate-spin')} aria-hidden />
      </button>
    </div>
  );
}
