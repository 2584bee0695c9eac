import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Spinner } from '../components/ui/feedback.tsx';
import { LiveEventsProvider } from '../lib/live-events.tsx';
import { AppHeader } from './app-header.tsx';

/** The signed-in area: the logged-in header above every page. */
export function AppLayout() {
  const { t } = useTranslation();
  return (
    <div className="min-h-screen">
      <LiveEventsProvider />
      <AppHeader />
      <main id="main" tabIndex={-1} className="outline-none">
        <Suspense fallback={<Spinner label={t('loading')} className="min-h-[60vh]" />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
