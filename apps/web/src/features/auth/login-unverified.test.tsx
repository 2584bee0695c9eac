import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw/http';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { SessionProvider } from '../../lib/session/session.tsx';
import { toast } from '../../lib/toast.ts';
import { problem, signedOut } from '../../testing/handlers.ts';
import { server } from '../../testing/server.ts';
import { LoginPage } from './login-page.tsx';

vi.mock('../../lib/toast.ts', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

let resent: unknown[];

beforeEach(async () => {
  await i18n.changeLanguage('pt');
  resent = [];
  server.use(
    signedOut(),
    http.get('/api/v1/auth/providers', () => HttpResponse.json({ oidc: false, email_verification: true })),
    http.post('/api/v1/auth/login', () =>
      problem(403, 'EMAIL_NOT_VERIFIED', 'Confirme seu email antes de entrar.'),
    ),
    http.post('/api/v1/auth/email/resend', async ({ request }) => {
      resent.push(await request.json());
      return new HttpResponse(null, { status: 202 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderLogin() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <SessionProvider>
            <Outlet />
          </SessionProvider>
        ),
        children: [{ path: '/login', element: <LoginPage /> }],
      },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('sign-in of an account whose email is not confirmed', () => {
  it('explains it and sends a new link to the typed address, once', async () => {
    renderLogin();
    expect(screen.queryByRole('button', { name: 'Reenviar link de confirmação' })).toBeNull();
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: ' ana@numero.test ' } });
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'uma-senha-qualquer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Confirme seu email antes de entrar.');
    const resend = screen.getByRole('button', { name: 'Reenviar link de confirmação' });
    fireEvent.click(resend);
    await vi.waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Se for preciso, enviamos um novo link.'),
    );
    expect(resent).toEqual([{ email: 'ana@numero.test' }]);
    expect((resend as HTMLButtonElement).disabled).toBe(true);
  });
});
