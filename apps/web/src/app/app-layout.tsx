import { Outlet } from 'react-router';
import { HelpFooter } from '../components/support-contact.tsx';
import { LiveEventsProvider } from '../lib/live-events.tsx';
import { useSession } from '../lib/session/session.tsx';
import { AppHeader } from './app-header.tsx';

/**
 * The signed-in area: the logged-in header above every page. While the session is checked (see
 * RequireAuth's `shellAt`) it is a shell: the header with placeholders, and no events listened to yet.
 */
export function AppLayout() {
  const shell = !useSession().user;
  return (
    <div className="flex min-h-screen flex-col">
      {!shell && <LiveEventsProvider />}
      <AppHeader shell={shell} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {/* Each lazy screen shows its own loading state (lazy-screen.tsx). */}
        <Outlet />
      </main>
      <HelpFooter />
    </div>
  );
}
