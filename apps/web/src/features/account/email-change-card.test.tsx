import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw/http';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { SessionProvider } from '../../lib/session/session.tsx';
import { problem, signedIn, user } from '../../testing/handlers.ts';
import { server } from '../../testing/server.ts';
import { EmailChangeCard } from './email-change-card.tsx';

let requests: unknown[];

beforeEach(async () => {
  await i18n.changeLanguage('pt');
  requests = [];
  server.use(
    signedIn(user()),
    http.post('/api/v1/users/me/email', async ({ request }) => {
      const body = (await request.json()) as { password?: string };
      requests.push(body);
      if (body.password !== 'minha-senha-certa')
        return problem(422, 'CURRENT_PASSWORD_WRONG', 'A senha atual está incorreta.');
      return new HttpResponse(null, { status: 202 });
    }),
  );
});
afterEach(cleanup);

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
