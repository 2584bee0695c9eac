import { Outlet } from 'react-router';
import { SiteHeader } from '../features/landing/site-header.tsx';

/** The signed-in area; the accounts feature gives it the logged-in header. */
export function AppLayout() {
  return (
    <div className="min-h-screen">
      <SiteHeader />
      <main id="main">
        <Outlet />
      </main>
    </div>
  );
}
