import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Spinner } from '../components/ui/feedback.tsx';
import { SiteHeader } from '../features/landing/site-header.tsx';

/** Sign-in, registration and the other public pages besides the landing: the public header above them. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="min-h-screen">
      <SiteHeader />
      <main id="main" tabIndex={-1} className="outline-none">
        <Suspense fallback={<Spinner label={t('loading')} className="min-h-[60vh]" />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
