import { Crown, FolderTree, Package, ReceiptText, RefreshCw, ScrollText, Users, Wallet } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatCard } from '../../components/stat-card.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/feedback.tsx';
import { formatMoney } from '../../i18n/format.ts';
import { normaliseLanguage } from '../../i18n/index.ts';
import { isStaff } from '../../lib/roles.ts';
import { useSession } from '../../lib/session/session.tsx';
import { useAdminStats } from './api/get-admin-stats.ts';
import { AdminMenu } from './components/admin-menu.tsx';
import { RecentActivity } from './components/recent-activity.tsx';
import { dashboardErrorMessage } from './error-message.ts';

/** "N min atrás" has to move on while the page stays open. */
function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * /admin (spec §2): the store's figures, the staff menu and the latest audit entries. The router shows
 * it to MANAGER and ADMIN only; the statistics are asked for only for them too.
 */
export function AdminPage() {
  const { t, i18n } = useTranslation('admin');
  const lang = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);
  const { user } = useSession();
  const stats = useAdminStats(isStaff(user));
  const now = useNow();
  const data = stats.data;
  const loading = stats.isPending;
  const brl = (cents: number) => formatMoney(cents, 'BRL', lang);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <div className="flex items-center gap-3">
            <span className="flex size-10 items-center justify-center rounded-xl bg-amber-50 text-amber-700">
              <Crown className="size-5" aria-hidden />
            </span>
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{t('title')}</h1>
          </div>
          <p className="mt-2 text-slate-600">{t('subtitle')}</p>
        </div>
        <div className="flex flex-col items-start gap-1 sm:items-end">
          <Button
            variant="secondary"
            onClick={() => void stats.refetch()}
            loading={stats.isFetching}
            disabled={!isStaff(user)}
            icon={<RefreshCw className="size-4" aria-hidden />}
            data-testid="admin-refresh"
          >
            {stats.isFetching ? t('refreshing') : t('refresh')}
          </Button>
          {stats.dataUpdatedAt > 0 && (
            <p className="text-xs text-slate-500" aria-live="polite">
              {t('updatedAt', {
                time: new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : 'pt-BR', {
                  timeStyle: 'short',
                }).format(stats.dataUpdatedAt),
              })}
            </p>
          )}
        </div>
      </div>

      {stats.isError && (
        <div className="mt-6">
          <ErrorState
            message={dashboardErrorMessage(stats.error, t)}
            retryLabel={t('common:retry')}
            onRetry={() => void stats.refetch()}
          />
        </div>
      )}

      {!(stats.isError && !data) && (
        <section aria-label={t('stats.label')} aria-busy={loading} className="mt-8">
          {loading && (
            <p role="status" className="sr-only">
              {t('loading')}
            </p>
          )}
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
            <StatCard
              icon={Users}
              label={t('stats.users')}
              testId="stat-users"
              loading={loading}
              value={data?.dashboard.total_users}
              hint={data && t('stats.usersHint', { count: data.dashboard.active_users })}
            />
            <StatCard
              icon={Package}
              tone="sky"
              label={t('stats.products')}
              testId="stat-products"
              loading={loading}
              value={data?.products.total_products}
              hint={data && t('stats.productsHint', { count: data.products.active_products })}
            />
            <StatCard
              icon={FolderTree}
              tone="violet"
              label={t('stats.categories')}
              testId="stat-categories"
              loading={loading}
              value={data?.dashboard.total_categories}
              hint={t('stats.categoriesHint')}
            />
            <StatCard
              icon={ReceiptText}
              tone="amber"
              label={t('stats.orders')}
              testId="stat-orders"
              loading={loading}
              value={data?.orders.total_orders}
              hint={data && t('stats.ordersHint', { count: data.orders.recent_orders_count })}
            />
            <StatCard
              icon={Wallet}
              tone="emerald"
              label={t('stats.revenue')}
              // Money needs the room of two cards on a phone.
              className="col-span-2 sm:col-span-1"
              testId="stat-revenue"
              loading={loading}
              value={data && brl(data.revenue.total_revenue_cents)}
              hint={
                data && (
                  <>
                    <span className="block">
                      {t('stats.revenueHint', { amount: brl(data.revenue.monthly_revenue_cents) })}
                    </span>
                    {/* Dollars are their own figure: never converted into, nor added to, the reais. */}
                    {data.revenue.total_revenue_usd_cents > 0 && (
                      <span className="block">
                        {t('stats.revenueUsd', {
                          amount: formatMoney(data.revenue.total_revenue_usd_cents, 'USD', lang),
                        })}
                      </span>
                    )}
                  </>
                )
              }
            />
            <StatCard
              icon={ScrollText}
              tone="slate"
              label={t('stats.audit')}
              className="col-span-2 sm:col-span-1"
              testId="stat-audit"
              loading={loading}
              value={data?.dashboard.recent_audit_logs_count}
              hint={t('stats.auditHint')}
            />
          </div>
        </section>
      )}

      <div className="mt-8 grid gap-6 lg:grid-cols-5">
        <div className="min-w-0 lg:col-span-3">
          <AdminMenu />
        </div>
        <div className="min-w-0 lg:col-span-2">
          {!(stats.isError && !data) && (
            <RecentActivity
              entries={data?.dashboard.recent_activity}
              loading={loading}
              now={now}
              lang={lang}
            />
          )}
        </div>
      </div>
    </div>
  );
}
