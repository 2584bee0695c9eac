import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Stands where a later issue builds the real screen. */
export function PlaceholderPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center">
      <Construction className="mx-auto size-10 text-slate-400" aria-hidden />
      <h1 className="mt-4 text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-slate-600">{t('placeholder.text')}</p>
    </section>
  );
}
