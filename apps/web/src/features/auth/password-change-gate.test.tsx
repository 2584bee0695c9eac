import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { SessionProvider } from '../../lib/session/session.tsx';
import { signedIn, user } from '../../testing/handlers.ts';
import { server } from '../../testing/server.ts';
import { PasswordChangeGate } from './guards.tsx';

let mustChange = true;

beforeEach(async () => {
  await i18n.changeLanguage('pt');
  server.use(signedIn(() => user({ email: 'nova@numero.test', must_change_password: mustChange })));
});
afterEach(cleanup);

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <SessionProvider>
            <PasswordChangeGate>
              <Outlet />
            </PasswordChangeGate>
          </SessionProvider>
        ),
        children: [
          { path: '/change-password', element: <p>new password form</p> },
          { path: '/dashboard/balance', element: <p>balance page</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('temporary password gate', () => {
  it('sends a user holding a temporary password to /change-password from any page', async () => {
    mustChange = true;
    const router = renderAt('/dashboard/balance');
    expect(await screen.findByText('new password form')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/change-password');
  });

  it('lets everyone else through', async () => {
    mustChange = false;
    const router = renderAt('/dashboard/balance');
    expect(await screen.findByText('balance page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/balance');
  });
});
