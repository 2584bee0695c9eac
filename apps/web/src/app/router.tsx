import { createBrowserRouter, Navigate } from 'react-router';
import { PlaceholderPage } from '../components/placeholder-page.tsx';
import { RequireAdmin, RequireAuth, RequireStaff, VisitorOnly } from '../features/auth/guards.tsx';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { AppLayout } from './app-layout.tsx';
import { RootLayout } from './root-layout.tsx';

/** Every route of spec §2; anything else goes home. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/login', element: <VisitorOnly><PlaceholderPage title="Login" /></VisitorOnly> },
      { path: '/register', element: <VisitorOnly><PlaceholderPage title="Register" /></VisitorOnly> },
      { path: '/auth-callback', element: <PlaceholderPage title="Auth callback" /> },
      { path: '/unauthorized', element: <PlaceholderPage title="Unauthorized" /> },
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: [
          { path: '/dashboard', element: <PlaceholderPage title="Dashboard" /> },
          { path: '/profile', element: <PlaceholderPage title="Profile" /> },
          { path: '/dashboard/products', element: <PlaceholderPage title="Products" /> },
          { path: '/dashboard/balance', element: <PlaceholderPage title="Balance" /> },
          { path: '/dashboard/orders', element: <PlaceholderPage title="Orders" /> },
          { path: '/admin', element: <RequireStaff><PlaceholderPage title="Admin" /></RequireStaff> },
          { path: '/admin/users', element: <RequireAdmin><PlaceholderPage title="Admin users" /></RequireAdmin> },
          { path: '/admin/products', element: <RequireAdmin><PlaceholderPage title="Admin products" /></RequireAdmin> },
          { path: '/admin/orders', element: <RequireAdmin><PlaceholderPage title="Admin orders" /></RequireAdmin> },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
