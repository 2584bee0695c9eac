import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw/http';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { SessionProvider } from '../../lib/session/session.tsx';
import { problem, signedIn, user } from '../../testing/handlers.ts';
import { renderRoutes } from '../../testing/render-routes.tsx';
import { server } from '../../testing/server.ts';
import { PrivacyCard } from './privacy-card.tsx';

vi.mock('../../lib/toast.ts', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

let deletions: unknown[];

beforeEach(() => {
  deletions = [];
  server.use(
    signedIn(user({ email: 'Ana@Numero.test' })),
    http.get('/api/v1/users/me/deletion', () => HttpResponse.json({ balances: [], open_orders: 0 })),
    http.post('/api/v1/users/me/delete', async ({ request }) => {
      deletions.push(await request.json());
      return problem(422, 'DELETE_CONFIRMATION_MISMATCH', 'Digite o email da sua conta.');
    }),
  );
});
afterEach(cleanup);

async function openDeletion(button: string) {
  renderRoutes(
    [
      {
        element: (
          <SessionProvider>
            <Outlet />
          </SessionProvider>
        ),
        children: [{ path: '/profile', element: <PrivacyCard /> }],
      },
    ],
    '/profile',
  );
  fireEvent.click(await screen.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByTestId('deletion-preview');
  return dialog;
}

describe('deleting the account', () => {
  it("sends nothing until the account's own email is typed, whatever its case", async () => {
    await i18n.changeLanguage('pt');
    const dialog = await openDeletion('Excluir minha conta');
    const field = within(dialog).getByLabelText('Digite Ana@Numero.test para confirmar');
    const submit = within(dialog).getByRole('button', { name: 'Excluir definitivamente' });
    fireEvent.click(submit);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Digite o email da sua conta para confirmar a exclusão.',
    );
    fireEvent.change(field, { target: { value: 'outra@numero.test' } });
    fireEvent.click(submit);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Digite o email da sua conta para confirmar a exclusão.',
    );
    expect(deletions).toEqual([]);

    fireEvent.change(field, { target: { value: ' ana@numero.TEST ' } });
    fireEvent.click(submit);
    await waitFor(() => expect(deletions).toEqual([{ confirm_email: 'ana@numero.test' }]));
    // What the server answers is shown in its own words.
    expect((await within(dialog).findByText('Digite o email da sua conta.')).getAttribute('role')).toBe(
      'alert',
    );
  });

  it('says it in English too', async () => {
    await i18n.changeLanguage('en');
    const dialog = await openDeletion('Delete my account');
    fireEvent.change(within(dialog).getByLabelText('Type Ana@Numero.test to confirm'), {
      target: { value: 'not-an-email' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Type your account email to confirm the deletion.',
    );
    expect(deletions).toEqual([]);
  });
});
