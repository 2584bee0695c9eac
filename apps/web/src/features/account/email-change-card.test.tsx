import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { SessionProvider } from '../../lib/session/session.tsx';
import { json } from '../../testing/render-routes.tsx';
import { EmailChangeCard } from './email-change-card.tsx';

const me = {
  id: 'u1',
  email: 'ana@numero.test',
  role: 'CUSTOMER',
  roles: ['CUSTOMER'],
  is_active: true,
  preferred_language: 'pt-BR',
  preferred_currency: 'BRL',
  profile: { full_name: null, phone_number: null },
  created_at: '2025-01-01T00:00:00Z',
  must_change_password: false,
};
let requests: unknown[];

beforeEach(async () => {
  await i18n.changeLanguage('pt');
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const path = new URL(String(input)).pathname;
      if (path === '/api/v1/users/me') return json(me);
      if (path === '/api/v1/users/me/email') {
        const body = JSON.parse(String(init?.body));
        requests.push(body);
        if (body.password !== 'minha-senha-certa')
          return json({ detail: 'A senha atual está incorreta.', code: 'CURRENT_PASSWORD_WRONG' }, 422);
        return new Response(null, { status: 202 });
      }
      return json({ code: 'NOT_FOUND' }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCard() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <SessionProvider>
            <Outlet />
          </SessionProvider>
        ),
        children: [{ path: '/profile', element: <EmailChangeCard /> }],
      },
    ],
    { initialEntries: ['/profile'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('EmailChangeCard', () => {
  it('checks the fields, shows the server refusal, then says where the link went', async () => {
    renderCard();
    const card = await screen.findByTestId('email-change-card');
    expect(within(card).getByText(/Atual: ana@numero.test/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Alterar email' }));
    const submit = within(card).getByRole('button', { name: 'Enviar link de confirmação' });
    fireEvent.click(submit);
    expect((await within(card).findByRole('alert')).textContent).toBe('Por favor, preencha todos os campos');
    expect(within(card).getByLabelText('Novo email').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(within(card).getByLabelText('Novo email'), { target: { value: 'nao-e-email' } });
    fireEvent.change(within(card).getByLabelText('Senha atual'), { target: { value: 'errada' } });
    fireEvent.click(submit);
    await waitFor(() => expect(within(card).getByRole('alert').textContent).toBe('Informe um email válido'));
    expect(within(card).getByLabelText('Senha atual').getAttribute('aria-invalid')).toBeNull();
    expect(requests).toEqual([]);

    fireEvent.change(within(card).getByLabelText('Novo email'), {
      target: { value: ' Ana.Nova@Numero.test ' },
    });
    fireEvent.click(submit);
    expect((await within(card).findByText('A senha atual está incorreta.')).getAttribute('role')).toBe(
      'alert',
    );
    fireEvent.change(within(card).getByLabelText('Senha atual'), { target: { value: 'minha-senha-certa' } });
    fireEvent.click(submit);
    expect((await within(card).findByRole('status')).textContent).toBe(
      'Link enviado para ana.nova@numero.test.',
    );
    expect(requests.at(-1)).toEqual({ new_email: 'ana.nova@numero.test', password: 'minha-senha-certa' });
    expect(within(card).queryByLabelText('Novo email')).toBeNull();
  });
});
