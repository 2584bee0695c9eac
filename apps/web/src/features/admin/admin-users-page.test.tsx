import type { AdminUser } from '@numero/contract/admin';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { JsonBodyType } from 'msw';
import { HttpResponse, http } from 'msw/http';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { SessionProvider } from '../../lib/session/session.tsx';
import { problem, signedIn, user } from '../../testing/handlers.ts';
import { renderRoutes } from '../../testing/render-routes.tsx';
import { server } from '../../testing/server.ts';
import { AdminUsersPage } from './admin-users-page.tsx';

const ADMIN_ID = '00000000-0000-4000-8000-000000000001';
const admin = user({
  id: ADMIN_ID,
  email: 'admin@numero.test',
  role: 'ADMIN',
  profile: { full_name: 'Administrador', phone_number: null },
});

const record = (n: number, over: Partial<AdminUser> = {}): AdminUser => ({
  id: `00000000-0000-4000-8000-${String(n + 100).padStart(12, '0')}`,
  email: `pessoa${n}@numero.test`,
  role: 'USER',
  created_at: '2025-03-01T12:00:00.000Z',
  last_login: null,
  is_active: true,
  preferred_currency: 'BRL',
  preferred_language: 'pt-BR',
  balance_base_cents: 12_345,
  profile: { full_name: null, phone_number: null },
  ...over,
});

let lists: URL[];
let patches: { path: string; body: unknown }[];
let creates: number;
let listReply: { status: number; body: JsonBodyType; total?: number };
let patchReply: { status: number; body: JsonBodyType };

beforeEach(async () => {
  await i18n.changeLanguage('pt');
  lists = [];
  patches = [];
  creates = 0;
  listReply = {
    status: 200,
    body: [
      record(1),
      record(2, {
        profile: { full_name: 'Bruno Lima', phone_number: '+55 11 90000-0000' },
        preferred_currency: 'USD',
      }),
    ],
    total: 45,
  };
  patchReply = { status: 200, body: record(1, { is_active: false }) };
  server.use(
    signedIn(admin),
    http.get('/api/v1/admin/users/stats', () =>
      HttpResponse.json({ total: 45, active: 40, inactive: 5, administrators: 2 }),
    ),
    http.get('/api/v1/admin/users', ({ request }) => {
      lists.push(new URL(request.url));
      return HttpResponse.json(listReply.body, {
        status: listReply.status,
        headers: listReply.total === undefined ? {} : { 'X-Total-Count': String(listReply.total) },
      });
    }),
    http.patch('/api/v1/users/:id', async ({ request }) => {
      patches.push({ path: new URL(request.url).pathname, body: await request.json() });
      return HttpResponse.json(patchReply.body, { status: patchReply.status });
    }),
    http.post('/api/v1/users/register', () => {
      creates++;
      return problem(500, 'INTERNAL');
    }),
  );
});

afterEach(cleanup);

function renderPage(path = '/admin/users') {
  return renderRoutes(
    [
      {
        path: '/admin/users',
        element: (
          <SessionProvider>
            <AdminUsersPage />
            <Toaster />
          </SessionProvider>
        ),
      },
    ],
    path,
  );
}

describe('users screen', () => {
  it('shows each user with the spec columns, the pager (45 users) and the footer figures', async () => {
    renderPage();
    const table = await screen.findByTestId('users-table');
    const rows = within(table).getAllByTestId('user-row');
    expect(rows).toHaveLength(2);
    // No full name: the part of the email before the @.
    expect(within(rows[0]!).getByTestId('user-name').textContent).toBe('pessoa1');
    expect(rows[0]!.textContent).toContain('País: BR');
    expect(rows[0]!.textContent).toContain('Usuário');
    expect(rows[0]!.textContent).toContain('Ativo');
    expect(within(rows[0]!).getByTestId('user-last-login').textContent).toBe('Nunca');
    const balance = within(rows[0]!).getByTestId('user-balance');
    expect(balance.textContent).toBe('R$\u00a0123,45');
    expect(balance.className).toContain('text-right');
    expect(rows[1]!.textContent).toContain('Bruno Lima');
    expect(rows[1]!.textContent).toContain('País: US');
    expect(screen.getByTestId('users-total').textContent).toBe('45 usuários · Página 1 de 3');
    expect(screen.getByRole('button', { name: /Próxima/ })).toBeTruthy();
    expect(lists[0]!.searchParams.get('limit')).toBe('20');
    expect(lists[0]!.searchParams.get('skip')).toBe('0');
    await waitFor(() => expect(screen.getByTestId('users-footer-administrators').textContent).toBe('2'));
  });

  it('hides the pager on a single page', async () => {
    listReply = { status: 200, body: [record(1)], total: 1 };
    renderPage();
    await screen.findByTestId('users-table');
    expect(screen.getByTestId('users-total').textContent).toBe('1 usuário');
    expect(screen.queryByRole('button', { name: /Próxima/ })).toBeNull();
  });

  it('searches and filters on the server', async () => {
    renderPage();
    await screen.findByTestId('users-table');
    fireEvent.change(screen.getByLabelText('Buscar'), { target: { value: 'Souza' } });
    await waitFor(() => expect(lists.at(-1)!.searchParams.get('search')).toBe('Souza'), { timeout: 2_000 });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'PREMIUM' } });
    await waitFor(() => expect(lists.at(-1)!.searchParams.get('role')).toBe('PREMIUM'));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'inactive' } });
    await waitFor(() => expect(lists.at(-1)!.searchParams.get('status')).toBe('inactive'));
  });

  it('asks before deleting, and deleting only deactivates', async () => {
    renderPage();
    const table = await screen.findByTestId('users-table');
    fireEvent.click(within(table).getByRole('button', { name: 'Excluir pessoa1' }));
    expect(await screen.findByText('Tem certeza que deseja excluir este usuário?')).toBeTruthy();
    expect(patches).toEqual([]);
    fireEvent.click(screen.getByTestId('confirm-delete'));
    await waitFor(() =>
      expect(patches).toEqual([{ path: `/api/v1/users/${record(1).id}`, body: { is_active: false } }]),
    );
    expect(await screen.findByText('Usuário excluído com sucesso! A conta foi desativada.')).toBeTruthy();
  });

  it("a refused action says 'Permissão negada'; another failure the server's detail", async () => {
    patchReply = {
      status: 403,
      body: { code: 'FORBIDDEN', detail: 'Você não tem permissão para acessar esta área.' },
    };
    renderPage();
    const table = await screen.findByTestId('users-table');
    fireEvent.click(within(table).getByRole('button', { name: 'Desativar pessoa1' }));
    expect(await screen.findByText('Permissão negada')).toBeTruthy();
    patchReply = {
      status: 409,
      body: { code: 'LAST_ADMIN', detail: 'A loja precisa de pelo menos um administrador ativo.' },
    };
    fireEvent.click(within(table).getByRole('button', { name: 'Desativar Bruno Lima' }));
    expect(await screen.findByText('A loja precisa de pelo menos um administrador ativo.')).toBeTruthy();
  });

  it('a load failure empties the list, explains it, and retries', async () => {
    listReply = { status: 403, body: { code: 'FORBIDDEN', detail: 'x' } };
    renderPage();
    expect(
      await screen.findByText('Acesso negado. Você não tem permissão para visualizar usuários.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('users-table')).toBeNull();
    listReply = { status: 200, body: [record(3)], total: 1 };
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByTestId('users-table')).toBeTruthy();
  });

  it('the form explains what is missing before sending', async () => {
    renderPage();
    await screen.findByTestId('users-table');
    fireEvent.click(screen.getByTestId('new-user'));
    const form = await screen.findByTestId('user-form');
    expect((within(form).getByLabelText(/^Email/) as HTMLInputElement).type).toBe('email');
    expect((within(form).getByRole('radio', { name: 'Usuário' }) as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByRole('checkbox', { name: /Ativo/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.submit(form);
    expect(await within(form).findByText('O nome é obrigatório')).toBeTruthy();
    expect(within(form).getByText('O email é obrigatório')).toBeTruthy();
    expect(creates).toBe(0);
  });

  it('an edit the API would refuse is refused in the form, with its message; a good one is sent', async () => {
    renderPage();
    const table = await screen.findByTestId('users-table');
    fireEvent.click(within(table).getByRole('button', { name: 'Editar Bruno Lima' }));
    const form = await screen.findByTestId('user-form');
    const email = within(form).getByLabelText(/^Email/) as HTMLInputElement;
    const phone = within(form).getByLabelText(/^Telefone/) as HTMLInputElement;
    fireEvent.change(email, { target: { value: 'bruno@numero' } });
    fireEvent.change(phone, { target: { value: '11 9000-000x' } });
    fireEvent.submit(form);
    expect(await within(form).findByText('Informe um email válido')).toBeTruthy();
    expect(within(form).getByText('Telefone inválido: use números, espaços, parênteses, + e -')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(patches).toEqual([]);

    fireEvent.change(email, { target: { value: ' Bruno.Lima@Numero.test ' } });
    fireEvent.change(phone, { target: { value: '' } });
    fireEvent.submit(form);
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]!.body).toEqual({ email: 'bruno.lima@numero.test', phone_number: null });
  });
});
