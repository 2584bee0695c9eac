import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Spinner } from '../components/ui/feedback.tsx';
import { CookieBanner } from '../features/landing/cookie-banner.tsx';

export function RootLayout() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('loading')} className="min-h-screen" />}>
      <Outlet />
      <CookieBanner />
    </Suspense>
  );
}
