import { Construction, Crown, type LucideIcon, Package, ReceiptText, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const SECTIONS: { to: string; key: 'users' | 'products' | 'orders'; icon: LucideIcon }[] = [
  { to: '/admin/users', key: 'users', icon: Users },
  { to: '/admin/products', key: 'products', icon: Package },
  { to: '/admin/orders', key: 'orders', icon: ReceiptText },
];

/** The staff landing page; the statistics dashboard of spec §2 comes with the admin issue. */
export function AdminPage() {
  const { t } = useTranslation('admin');
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-xl bg-amber-50 text-amber-600">
          <Crown className="size-5" aria-hidden />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{t('title')}</h1>
      </div>
      <p className="mt-2 text-slate-600">{t('subtitle')}</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-3">
        {SECTIONS.map(({ to, key, icon: Icon }) => (
          <li key={key}>
            <Link
              to={to}
              className="flex min-h-11 items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 font-medium text-slate-900 transition-colors hover:border-brand-300 hover:bg-brand-50/40"
            >
              <Icon className="size-5 text-brand-700" aria-hidden />
              {t(`sections.${key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /admin/users, /admin/products and /admin/orders until their screens are built. */
export function AdminSectionPage({ section }: { section: 'users' | 'products' | 'orders' }) {
  const { t } = useTranslation('admin');
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
        {t(`sections.${section}`)}
      </h1>
      <div className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-16 text-center">
        <Construction className="size-10 text-slate-400" aria-hidden />
        <p className="mt-3 text-slate-600">{t('common:placeholder.text')}</p>
      </div>
    </div>
  );
}
