import { Outlet } from 'react-router';
import { HelpFooter } from '../components/support-contact.tsx';
import { SiteHeader } from '../features/landing/site-header.tsx';
import { useSession } from '../lib/session/session.tsx';
import { AppHeader } from './app-header.tsx';

/**
 * Sign-in, registration and the other public pages besides the landing: the public header above them,
 * or the signed-in header for someone signed in (sent to /unauthorized from a staff page, say).
 */
export function PublicLayout() {
  const { user } = useSession();
  return (
    <div className="flex min-h-screen flex-col">
      {user ? <AppHeader /> : <SiteHeader />}
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {/* Each lazy screen shows its own loading state (lazy-screen.tsx). */}
        <Outlet />
      </main>
      <HelpFooter />
    </div>
  );
}
