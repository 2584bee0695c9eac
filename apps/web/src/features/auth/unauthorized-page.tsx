import { Home, LayoutDashboard, LogIn, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { useSession } from '../../lib/session/session.tsx';

export function UnauthorizedPage() {
  const { t } = useTranslation('auth');
  const { user } = useSession();
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-amber-50 text-amber-600">
        <ShieldAlert className="size-7" aria-hidden />
      </span>
      <h1 className="mt-5 text-2xl font-semibold text-slate-900">{t('unauthorized.title')}</h1>
      <p className="mt-2 text-slate-600">{t('unauthorized.text')}</p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        {/* Signed in already: the way out is back to the customer's own area, not another sign-in. */}
        {user ? (
          <Link to="/dashboard" className={buttonClasses('primary')}>
            <LayoutDashboard className="size-4" aria-hidden />
            {t('unauthorized.dashboard')}
          </Link>
        ) : (
          <Link to="/login" className={buttonClasses('primary')}>
            <LogIn className="size-4" aria-hidden />
            {t('unauthorized.login')}
          </Link>
        )}
        <Link to="/" className={buttonClasses('secondary')}>
          <Home className="size-4" aria-hidden />
          {t('unauthorized.home')}
        </Link>
      </div>
    </section>
  );
}
