import { RefreshCw, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn.ts';
import { Skeleton } from '../../../components/ui/feedback.tsx';
import { currencyFor, formatMoney } from '../../../i18n/format.ts';
import { useBalance } from '../api/get-balance.ts';
import { useWallets } from '../api/get-wallets.ts';
import { walletsWithMoney } from '../wallet-amounts.ts';

/**
 * The header's balance: in reais in Portuguese, in dollars in English, with a refresh button. Money in
 * the other currency's wallet is shown beside it, so a PIX top-up in English never looks lost. As a
 * `shell` (nobody known yet) it shows its placeholder and asks for nothing.
 */
export function BalanceDisplay({ className, shell = false }: { className?: string; shell?: boolean }) {
  const { t, i18n } = useTranslation();
  const currency = currencyFor(i18n.language);
  const balance = useBalance(currency, !shell);
  const wallets = useWallets(!shell);
  const amount = balance.data ? formatMoney(balance.data.balance, currency, i18n.language) : null;
  const others = walletsWithMoney(wallets.data?.items ?? [], currency).filter((w) => w.currency !== currency);
  const fetching = balance.isFetching || wallets.isFetching;
  return (
    <div
      className={cn(
        'flex min-h-11 items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 pl-3 text-sm',
        className,
      )}
    >
      <Wallet className="size-4 shrink-0 text-brand-700" aria-hidden />
      <span className="sr-only">{t('balance.label')}:</span>
      {amount ? (
        <output aria-live="polite" className="flex flex-wrap items-baseline gap-x-2 tabular-nums">
          <span className="font-semibold text-slate-900" data-testid="header-balance">
            {amount}
          </span>
          {others.map((w) => (
            <span
              key={w.currency}
              className="text-xs text-slate-600"
              data-testid={`header-balance-${w.currency}`}
            >
              <span className="sr-only">{t('balance.otherWallet')} </span>+{' '}
              {formatMoney(w.balance, w.currency, i18n.language)}
            </span>
          ))}
        </output>
      ) : (
        <Skeleton className="h-4 w-16" />
      )}
      <button
        type="button"
        onClick={() => {
          void balance.refetch();
          void wallets.refetch();
        }}
        disabled={fetching}
        aria-label={t('balance.refresh')}
        title={t('balance.refresh')}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900 disabled:cursor-wait"
      >
        <RefreshCw className={cn('size-4', fetching && 'animate-spin')} aria-hidden />
      </button>
    </div>
  );
}
