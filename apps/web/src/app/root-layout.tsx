import { Outlet } from 'react-router';
import { DemoBanner } from '../components/demo-banner.tsx';
import { PasswordChangeGate } from '../features/auth/guards.tsx';
import { CookieBanner } from '../features/landing/cookie-banner.tsx';
import { SessionProvider } from '../lib/session/session.tsx';

/** Inside the router, so the session can navigate (logout goes to /). */
export function RootLayout() {
  return (
    <SessionProvider>
      <DemoBanner />
      {/* No Suspense boundary around the page: React would hydrate a pre-rendered page in a later pass
          (see lazy-screen.tsx, where each lazy screen has its own). */}
      <PasswordChangeGate>
        <Outlet />
      </PasswordChangeGate>
      <CookieBanner />
    </SessionProvider>
  );
}
