import {
  ArrowRight,
  BarChart3,
  FolderTree,
  Globe2,
  KeyRound,
  type LucideIcon,
  MessageSquareText,
  Package,
  ReceiptText,
  ScrollText,
  Settings,
  Users,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../../components/ui/cn.ts';

type MenuKey =
  | 'users'
  | 'products'
  | 'orders'
  | 'rentals'
  | 'categories'
  | 'countries'
  | 'sms'
  | 'audit'
  | 'settings'
  | 'reports';

/**
 * The staff menu of spec §2. `ready` says whether the router has the screen: the others are shown, and
 * said to be coming, but are not links (the router would send them home). The audit page is built
 * (audit-page.tsx) and becomes a link once the router has /admin/audit.
 */
export const ADMIN_MENU: { key: MenuKey; to: string; icon: LucideIcon; ready: boolean }[] = [
  { key: 'users', to: '/admin/users', icon: Users, ready: true },
  { key: 'products', to: '/admin/products', icon: Package, ready: true },
  { key: 'orders', to: '/admin/orders', icon: ReceiptText, ready: true },
  { key: 'rentals', to: '/admin/rentals', icon: KeyRound, ready: true },
  { key: 'categories', to: '/admin/categories', icon: FolderTree, ready: true },
  { key: 'countries', to: '/admin/countries', icon: Globe2, ready: true },
  { key: 'sms', to: '/admin/sms', icon: MessageSquareText, ready: true },
  { key: 'audit', to: '/admin/audit', icon: ScrollText, ready: true },
  { key: 'settings', to: '/admin/settings', icon: Settings, ready: true },
  { key: 'reports', to: '/admin/reports', icon: BarChart3, ready: true },
];

export function AdminMenu() {
  const { t } = useTranslation('admin');
  return (
    <section aria-labelledby="admin-menu-title">
      <h2 id="admin-menu-title" className="text-lg font-semibold text-slate-900">
        {t('menu.title')}
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2" data-testid="admin-menu">
        {ADMIN_MENU.map(({ key, to, icon: Icon, ready }) => {
          const body = (
            <>
              <span
                className={cn(
                  'flex size-10 shrink-0 items-center justify-center rounded-xl',
                  ready ? 'bg-brand-50 text-brand-700' : 'bg-slate-100 text-slate-500',
                )}
              >
                <Icon className="size-5" aria-hidden />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                  {t(`menu.${key}.title`)}
                  {!ready && (
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                      {t('menu.soon')}
                    </span>
                  )}
                </span>
                <span className="block text-sm text-slate-600">{t(`menu.${key}.text`)}</span>
              </span>
            </>
          );
          return (
            <li key={key}>
              {ready ? (
                <Link
                  to={to}
                  data-testid={`admin-menu-${key}`}
                  className="group flex min-h-11 items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 transition-colors hover:border-brand-300 hover:bg-brand-50/40"
                >
                  {body}
                  <ArrowRight
                    className="size-4 shrink-0 text-slate-400 group-hover:text-brand-700"
                    aria-hidden
                  />
                </Link>
              ) : (
                <div
                  data-testid={`admin-menu-${key}`}
                  className="flex min-h-11 items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-slate-50/60 p-4"
                >
                  {body}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
