import { ArrowLeft, ShieldX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';

export function AccessDenied() {
  const { t } = useTranslation('auth');
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600">
        <ShieldX className="size-7" aria-hidden />
      </span>
      <h1 className="mt-5 text-2xl font-semibold text-slate-900">{t('denied.title')}</h1>
      <p className="mt-2 text-slate-600">{t('denied.text')}</p>
      <Link to="/dashboard" className={`${buttonClasses('primary')} mt-8`}>
        <ArrowLeft className="size-4" aria-hidden />
        {t('denied.back')}
      </Link>
    </section>
  );
}
