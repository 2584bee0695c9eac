import type { CurrentUser } from '@numero/contract/account';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw/http';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  RequireAdmin,
  RequireAuth,
  RequireStaff,
  signedInTarget,
  VisitorOnly,
} from '../../features/auth/guards.tsx';
import i18n from '../../i18n/index.ts';
import { problem } from '../../testing/handlers.ts';
import { server } from '../../testing/server.ts';
import { toast } from '../toast.ts';
import { INACTIVITY_TIMEOUT_MS, SESSION_CHECK_INTERVAL_MS } from './constants.ts';
import { SessionProvider, useSession } from './session.tsx';

vi.mock('../toast.ts', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

const customer: CurrentUser = {
  id: 'u1',
  email: 'ana@example.com',
  role: 'CUSTOMER',
  roles: ['CUSTOMER'],
  is_active: true,
  preferred_language: 'pt-BR',
  preferred_currency: 'BRL',
  profile: { full_name: 'Ana', phone_number: null },
  created_at: '2025-01-01T00:00:00Z',
  must_change_password: false,
};

// What GET /api/v1/users/me answers next, in order; then the customer.
let meReplies: Response[];
let calls: string[];

beforeEach(async () => {
  await i18n.changeLanguage('pt');
  calls = [];
  meReplies = [];
  server.use(
    http.get('/api/v1/users/me', () => {
      calls.push('GET /api/v1/users/me');
      return meReplies.shift() ?? HttpResponse.json(customer);
    }),
    http.post('/api/v1/auth/logout', () => {
      calls.push('POST /api/v1/auth/logout');
      return new HttpResponse(null, { status: 204 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
});

function Status() {
  const { status, user } = useSession();
  return <p data-testid="status">{`${status}:${user?.email ?? '-'}`}</p>;
}

function LogoutButton() {
  const { logout } = useSession();
  return (
    <button type="button" onClick={() => void logout()}>
      logout
    </button>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <SessionProvider>
            <Status />
            <Outlet />
          </SessionProvider>
        ),
        children: [
          { path: '/', element: <p>landing</p> },
          {
            path: '/login',
            element: (
              <VisitorOnly>
                <p>login form</p>
              </VisitorOnly>
            ),
          },
          { path: '/unauthorized', element: <p>unauthorized page</p> },
          {
            path: '/dashboard',
            element: (
              <RequireAuth>
                <p>dashboard</p>
                <LogoutButton />
              </RequireAuth>
            ),
          },
          {
            path: '/admin',
            element: (
              <RequireStaff>
                <p>admin dashboard</p>
              </RequireStaff>
            ),
          },
          {
            path: '/admin/users',
            element: (
              <RequireAdmin>
                <p>admin users</p>
              </RequireAdmin>
            ),
          },
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

describe('SessionProvider', () => {
  it('does not ask who the user is when the store sent the page to a browser without a session', async () => {
    document.documentElement.dataset.session = 'none';
    try {
      const router = renderAt('/dashboard');
      expect(await screen.findByText('login form')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/login');
      expect(calls).toEqual([]);
    } finally {
      delete document.documentElement.dataset.session;
    }
  });

  it('asks who the user is on the landing, so a new tab knows the signed-in customer', async () => {
    renderAt('/');
    expect(await screen.findByText('landing')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('status').textContent).toBe('authenticated:ana@example.com'),
    );
    expect(calls).toEqual(['GET /api/v1/users/me']);
  });

  it('does not ask on the landing sent to a browser without a session, nor on /unauthorized', async () => {
    document.documentElement.dataset.session = 'none';
    try {
      renderAt('/');
      expect(await screen.findByText('landing')).toBeTruthy();
      expect(screen.getByTestId('status').textContent).toBe('anonymous:-');
    } finally {
      delete document.documentElement.dataset.session;
    }
    cleanup();
    renderAt('/unauthorized');
    expect(await screen.findByText('unauthorized page')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('an expired session on the landing leaves a visitor there, with no error and no redirect', async () => {
    meReplies = [problem(401, 'NOT_AUTHENTICATED')];
    const router = renderAt('/');
    await waitFor(() => expect(calls).toEqual(['GET /api/v1/users/me']));
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('anonymous:-'));
    expect(router.state.location.pathname).toBe('/');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('sends a signed-in user on /login?next=… where next says, not to /dashboard', async () => {
    const router = renderAt('/login?next=%2Fdashboard%2Fproducts%3Fservice%3Dwa%26country%3DBR');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/products'));
    expect(router.state.location.search).toBe('?service=wa&country=BR');
  });

  it("shows 'Carregando...' while it loads the user of a signed-in page", async () => {
    renderAt('/dashboard');
    expect(screen.getByText('Carregando...')).toBeTruthy();
    expect(await screen.findByText('dashboard')).toBeTruthy();
    expect(screen.getByTestId('status').textContent).toBe('authenticated:ana@example.com');
    expect(calls).toEqual(['GET /api/v1/users/me']);
  });

  it('sends a visitor to /login when the check answers 401', async () => {
    meReplies = [problem(401, 'NOT_AUTHENTICATED')];
    const router = renderAt('/dashboard');
    expect(await screen.findByText('login form')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('sends a signed-in user from /login to /dashboard', async () => {
    const router = renderAt('/login');
    expect(await screen.findByText('dashboard')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('toasts the spec text when the first check fails for another reason', async () => {
    meReplies = [problem(500, 'INTERNAL')];
    renderAt('/dashboard');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Falha ao inicializar autenticação. Tente novamente mais tarde.',
      ),
    );
  });

  it('keeps a CUSTOMER out of the admin area', async () => {
    const router = renderAt('/admin/users');
    expect(await screen.findByText('unauthorized page')).toBeTruthy();
    await act(() => router.navigate('/admin'));
    expect(await screen.findByText('Acesso Negado')).toBeTruthy();
    expect(screen.getByText('Você não tem permissão para acessar esta área.')).toBeTruthy();
  });

  it('lets an ADMIN into the admin area', async () => {
    meReplies = [HttpResponse.json({ ...customer, role: 'ADMIN', roles: ['ADMIN'] })];
    server.use(
      http.get('/api/v1/auth/2fa', () =>
        HttpResponse.json({ enabled: true, required: true, recovery_codes_left: 8 }),
      ),
    );
    const router = renderAt('/admin/users');
    expect(await screen.findByText('admin users')).toBeTruthy();
    await act(() => router.navigate('/admin'));
    expect(await screen.findByText('admin dashboard')).toBeTruthy();
  });

  it('logout tells the server, goes to / and forgets the user', async () => {
    const router = renderAt('/dashboard');
    (await screen.findByText('logout')).click();
    expect(await screen.findByText('landing')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(calls).toContain('POST /api/v1/auth/logout');
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('anonymous:-'));
  });

  it('a 401 on the 5-minute re-check signs the user out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const router = renderAt('/dashboard');
    expect(await screen.findByText('dashboard')).toBeTruthy();
    meReplies = [problem(401, 'NOT_AUTHENTICATED')];
    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.filter((c) => c === 'GET /api/v1/users/me')).toHaveLength(2);
  });

  it('signs out after 30 minutes without activity', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const router = renderAt('/dashboard');
    expect(await screen.findByText('dashboard')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(INACTIVITY_TIMEOUT_MS));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls).toContain('POST /api/v1/auth/logout');
    expect(toast.info).toHaveBeenCalled();
  });
});

describe('where /login and /register send someone signed in', () => {
  const base = { asked: null, kept: null, from: null, justSignedIn: true, staff: false };

  it('honours ?next=, then the kept next, then the page that sent them to sign in', () => {
    expect(signedInTarget({ ...base, asked: '/dashboard/products?service=wa', kept: '/x', from: '/y' })).toBe(
      '/dashboard/products?service=wa',
    );
    expect(signedInTarget({ ...base, kept: '/dashboard/orders', from: '/profile' })).toBe(
      '/dashboard/orders',
    );
    expect(signedInTarget({ ...base, from: '/admin/users', staff: true })).toBe('/admin/users');
    // Another host or a sign-in page is never a destination.
    expect(signedInTarget({ ...base, asked: '//evil.example', from: '/login' })).toBe('/');
  });

  it('with nowhere to go: staff just signed in to /admin, customers home, anyone already signed in to /dashboard', () => {
    expect(signedInTarget({ ...base, staff: true })).toBe('/admin');
    expect(signedInTarget(base)).toBe('/');
    expect(signedInTarget({ ...base, justSignedIn: false, staff: true })).toBe('/dashboard');
    expect(signedInTarget({ ...base, justSignedIn: false })).toBe('/dashboard');
  });
});
