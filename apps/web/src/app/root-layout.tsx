import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { DemoBanner } from '../components/demo-banner.tsx';
import { Spinner } from '../components/ui/feedback.tsx';
import { PasswordChangeGate } from '../features/auth/guards.tsx';
import { CookieBanner } from '../features/landing/cookie-banner.tsx';
import { SessionProvider } from '../lib/session/session.tsx';

/** Inside the router, so the session can navigate (logout goes to /). */
export function RootLayout() {
  const { t } = useTranslation();
  return (
    <SessionProvider>
      <DemoBanner />
      <Suspense fallback={<Spinner label={t('loading')} className="min-h-screen" />}>
        <PasswordChangeGate>
          <Outlet />
        </PasswordChangeGate>
        <CookieBanner />
      </Suspense>
    </SessionProvider>
  );
}
