import { useTranslation } from 'react-i18next';
import { SiteHeader } from './site-header.tsx';

export function LandingPage() {
  const { t } = useTranslation('landing');
  return (
    <div className="min-h-screen">
      <SiteHeader />
      <main id="main" className="mx-auto max-w-6xl px-4 py-16">
        <h1 className="text-4xl font-bold">{t('hero.title')}</h1>
      </main>
    </div>
  );
}
