import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { HelpFooter } from '../components/support-contact.tsx';
import { Spinner } from '../components/ui/feedback.tsx';
import { LiveEventsProvider } from '../lib/live-events.tsx';
import { AppHeader } from './app-header.tsx';

/** The signed-in area: the logged-in header above every page (as a `shell`, before anyone is known). */
export function AppLayout({ shell = false }: { shell?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <LiveEventsProvider />
      <AppHeader shell={shell} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Suspense fallback={<Spinner label={t('loading')} className="min-h-[60vh]" />}>
          <Outlet />
        </Suspense>
      </main>
      <HelpFooter />
    </div>
  );
}
