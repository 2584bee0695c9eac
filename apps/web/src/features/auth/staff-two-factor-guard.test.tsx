import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { SessionProvider } from '../../lib/session/session.tsx';
import { RequireStaff } from './guards.tsx';

const admin = {
  id: 'a1',
  email: 'admin@numero.test',
  role: 'ADMIN',
  roles: ['ADMIN'],
  is_active: true,
  preferred_language: 'pt-BR',
  preferred_currency: 'BRL',
  profile: { full_name: null, phone_number: null },
  created_at: '2025-01-01T00:00:00Z',
};
let twoFactor: { enabled: boolean; required: boolean };

beforeEach(async () => {
  await i18n.changeLanguage('pt');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string) => {
      const path = new URL(String(input)).pathname;
      const body =
        path === '/api/v1/users/me'
          ? admin
          : path === '/api/v1/auth/2fa'
            ? { ...twoFactor, recovery_codes_left: 0 }
            : { detail: 'x', code: 'NOT_FOUND' };
      return new Response(JSON.stringify(body), {
        status: body === admin || path === '/api/v1/auth/2fa' ? 200 : 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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
