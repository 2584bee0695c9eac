import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw/http';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { SessionProvider } from '../../lib/session/session.tsx';
import { signedIn, user } from '../../testing/handlers.ts';
import { server } from '../../testing/server.ts';
import { RequireStaff } from './guards.tsx';

const admin = user({ email: 'admin@numero.test', role: 'ADMIN' });
let twoFactor: { enabled: boolean; required: boolean };

beforeEach(async () => {
  await i18n.changeLanguage('pt');
  server.use(
    signedIn(admin),
    http.get('/api/v1/auth/2fa', () => HttpResponse.json({ ...twoFactor, recovery_codes_left: 0 })),
  );
});
afterEach(cleanup);

function renderAdmin() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <SessionProvider>
            <Outlet />
          </SessionProvider>
        ),
        children: [
          { path: '/profile', element: <p>profile page</p> },
          {
            path: '/admin',
            element: (
              <RequireStaff>
                <p>admin dashboard</p>
              </RequireStaff>
            ),
          },
        ],
      },
    ],
    { initialEntries: ['/admin'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('staff two-step verification guard', () => {
  it('sends staff who must enrol to the profile before /admin', async () => {
    twoFactor = { enabled: false, required: true };
    const router = renderAdmin();
    expect(await screen.findByText('profile page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');
    expect(router.state.location.hash).toBe('#two-factor');
  });

  it('lets enrolled staff, and staff not required to enrol, into /admin', async () => {
    twoFactor = { enabled: true, required: true };
    renderAdmin();
    expect(await screen.findByText('admin dashboard')).toBeTruthy();
    cleanup();
    twoFactor = { enabled: false, required: false };
    renderAdmin();
    expect(await screen.findByText('admin dashboard')).toBeTruthy();
  });
});
