import {
  ArrowRight,
  Crown,
  History,
  type LucideIcon,
  Plus,
  ShoppingBag,
  Smartphone,
  Wallet,
} from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ServiceIcon } from '../../components/brand-icons.tsx';
import { StatCard } from '../../components/stat-card.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { EmptyState, Skeleton } from '../../components/ui/feedback.tsx';
import { useActivationsSummary } from '../../features/activations/api/get-activations-summary.ts';
import { StatusBadge } from '../../features/activations/components/status-badge.tsx';
import { useBalance } from '../../features/wallet/api/get-balance.ts';
import { useWallets } from '../../features/wallet/api/get-wallets.ts';
import { walletsWithMoney } from '../../features/wallet/wallet-amounts.ts';
import { currencyFor, formatDateTime, formatMoney } from '../../i18n/format.ts';
import { displayName, isAdmin } from '../../lib/roles.ts';
import { useSession } from '../../lib/session/session.tsx';

// A purchase waiting for its top-up and open top-ups are the exception on a dashboard: their code (and the
// wallet's texts) load after the page, which keeps it within its 200 KiB budget (scripts/page-budgets.mjs).
const PendingPurchaseCard = lazy(() =>
  import('./pending-purchase-card.tsx').then((m) => ({ default: m.PendingPurchaseCard })),
);
const PendingTopups = lazy(() =>
  import('../../features/wallet/components/pending-topups.tsx').then((m) => ({ default: m.PendingTopups })),
);

function QuickAction({
  to,
  icon: Icon,
  title,
  text,
}: {
  to: string;
  icon: LucideIcon;
  title: string;
  text: string;
}) {
  return (
    <Link
      to={to}
      className="group flex min-h-11 items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 transition-colors hover:border-brand-300 hover:bg-brand-50/40"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-700 group-hover:bg-brand-100 group-hover:text-brand-800">
        <Icon className="size-5" aria-hidden />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium text-slate-900">{title}</span>
        <span className="block text-sm text-slate-600">{text}</span>
      </span>
      <ArrowRight className="size-4 shrink-0 text-slate-400 group-hover:text-brand-700" aria-hidden />
    </Link>
  );
}

const inlineLink =
  'inline-flex min-h-11 items-center gap-1 font-medium text-brand-700 underline-offset-4 hover:underline';

/**
 * The dashboard. While the session is checked (nobody known yet: the page the build pre-renders for
 * `/dashboard`, and the app's first render over it) it is its shell: the same page with a placeholder for
 * the greeting and every figure loading, asking for nothing.
 */
export function DashboardPage() {
  const { t, i18n } = useTranslation('dashboard');
  const { t: tc } = useTranslation('customer');
  const { user } = useSession();
  const shell = !user;
  const currency = currencyFor(i18n.language);
  const balance = useBalance(currency, !shell);
  const wallets = useWallets(!shell);
  const otherWallets = walletsWithMoney(wallets.data?.items ?? [], currency).filter(
    (w) => w.currency !== currency,
  );
  const summary = useActivationsSummary(!shell);
  const admin = user ? isAdmin(user) : false;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          {user ? (
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
              {t('greeting', { name: displayName(user) })}
            </h1>
          ) : (
            <div className="flex h-8 items-center sm:h-9">
              <Skeleton className="h-7 w-56 sm:h-8" />
            </div>
          )}
          <p className="mt-1 text-slate-600">{t('subtitle')}</p>
        </div>
        <Link to="/dashboard/products" className={buttonClasses('primary')}>
          <Plus className="size-4" aria-hidden />
          {t('actions.buy')}
        </Link>
      </div>

      {/* A top-up still open to payment and the purchase waiting for it, until paid or expired. */}
      {!shell && (
        <div className="mt-6 flex flex-col gap-4 empty:hidden">
          <Suspense fallback={null}>
            <PendingPurchaseCard language={i18n.language} />
            <PendingTopups />
          </Suspense>
        </div>
      )}

      <section
        aria-label={t('summary')}
        className={cn('mt-8 grid gap-4 sm:grid-cols-2', admin ? 'xl:grid-cols-4' : 'lg:grid-cols-3')}
      >
        <StatCard
          icon={Wallet}
          label={t('cards.balance')}
          testId="dashboard-balance"
          loading={!balance.data}
          value={balance.data && formatMoney(balance.data.balance, currency, i18n.language)}
          hint={
            <>
              {otherWallets.map((w) => (
                <span key={w.currency} className="block" data-testid={`dashboard-balance-${w.currency}`}>
                  {tc('walletAlso', { amount: formatMoney(w.balance, w.currency, i18n.language) })}
                </span>
              ))}
              <Link to="/dashboard/balance" className={inlineLink}>
                {t('cards.topUp')}
                <ArrowRight className="size-3.5" aria-hidden />
              </Link>
            </>
          }
        />
        <StatCard
          icon={Smartphone}
          tone="sky"
          label={t('cards.activeNumbers')}
          testId="dashboard-active"
          loading={!summary.data}
          value={summary.data?.active_count}
          // The hint agrees with the count: "none waiting" only when there is none.
          hint={
            summary.data?.active_count
              ? t('cards.activeNumbersInProgress', { count: summary.data.active_count })
              : t('cards.activeNumbersHint')
          }
        />
        <StatCard
          icon={History}
          tone="violet"
          label={t('cards.orders')}
          testId="dashboard-orders"
          loading={!summary.data}
          value={summary.data?.total_count}
          hint={
            <Link to="/dashboard/orders" className={inlineLink}>
              {t('cards.ordersLink')}
              <ArrowRight className="size-3.5" aria-hidden />
            </Link>
          }
        />
        {admin && (
          <StatCard
            icon={Crown}
            tone="amber"
            label={t('cards.admin')}
            value={<span className="text-lg font-medium">{t('cards.adminText')}</span>}
            hint={
              <Link to="/admin" className={inlineLink}>
                {t('cards.adminLink')}
                <ArrowRight className="size-3.5" aria-hidden />
              </Link>
            }
          />
        )}
      </section>

      <div className="mt-8 grid gap-6 lg:grid-cols-5">
        <section aria-labelledby="quick-actions" className="lg:col-span-2">
          <h2 id="quick-actions" className="text-lg font-semibold text-slate-900">
            {t('actions.title')}
          </h2>
          <div className="mt-3 flex flex-col gap-3">
            <QuickAction
              to="/dashboard/products"
              icon={ShoppingBag}
              title={t('actions.buy')}
              text={t('actions.buyText')}
            />
            <QuickAction
              to="/dashboard/balance"
              icon={Wallet}
              title={t('actions.topUp')}
              text={t('actions.topUpText')}
            />
            {admin && (
              <QuickAction
                to="/admin"
                icon={Crown}
                title={t('actions.admin')}
                text={t('actions.adminText')}
              />
            )}
          </div>
        </section>
        <section aria-labelledby="recent-activity" className="lg:col-span-3">
          <h2 id="recent-activity" className="text-lg font-semibold text-slate-900">
            {t('activity.title')}
          </h2>
          <div className="mt-3">
            {summary.data && summary.data.recent.length > 0 ? (
              <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
                {summary.data.recent.map((a) => (
                  <li key={a.id}>
                    <Link
                      to={`/dashboard/activations/${a.id}`}
                      className="flex min-h-11 items-center gap-3 px-4 py-3 hover:bg-slate-50"
                    >
                      <ServiceIcon code={a.service_code} name={a.service_name} className="size-6" />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-medium text-slate-900">
                          {a.service_name} · {i18n.language === 'en' ? a.country_name_en : a.country_name_pt}
                        </span>
                        <span className="block text-sm text-slate-600">
                          {formatDateTime(a.created_at, i18n.language)}
                        </span>
                      </span>
                      {/* Stacked on a phone, so a long name and the badge never push the page sideways. */}
                      <span className="flex shrink-0 flex-col items-end gap-1 sm:flex-row sm:items-center sm:gap-3">
                        <span className="text-right whitespace-nowrap tabular-nums text-slate-900">
                          {formatMoney(a.price, a.currency, i18n.language)}
                        </span>
                        <StatusBadge status={a.status} />
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : summary.isPending ? (
              <Skeleton className="h-32 w-full" />
            ) : (
              <EmptyState title={t('activity.empty')}>
                <p>{t('activity.emptyText')}</p>
                <Link to="/dashboard/products" className={cn(buttonClasses('secondary'), 'mt-4')}>
                  <ShoppingBag className="size-4" aria-hidden />
                  {t('actions.buy')}
                </Link>
              </EmptyState>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}
