import type { AdminOrder } from '@numero/contract/activations';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw/http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { problem } from '../../testing/handlers.ts';
import { renderRoutes } from '../../testing/render-routes.tsx';
import { server } from '../../testing/server.ts';
import { AdminOrdersPage } from './admin-orders-page.tsx';

const order = (n: number, status: AdminOrder['status']): AdminOrder => ({
  id: `${String(n).padStart(8, 'a')}-0000-4000-8000-000000000000`,
  user_id: '00000000-0000-4000-8000-000000000001',
  user_name: 'Joana Pereira',
  user_email: 'joana@example.com',
  service_code: 'wa',
  service_name: 'WhatsApp',
  country_code: 'BR',
  country_name: 'Brasil',
  phone_number: '5511987654321',
  code: status === 'code_received' || status === 'finished' ? '123456' : null,
  status,
  payment_status:
    status === 'code_received' || status === 'finished'
      ? 'paid'
      : status === 'cancelled'
        ? 'refunded'
        : 'pending',
  price: 500,
  currency: 'BRL',
  can_cancel: status === 'pending' || status === 'waiting_sms',
  can_finish: status === 'code_received',
  created_at: '2025-03-01T12:00:00.000Z',
  updated_at: '2025-03-01T12:00:00.000Z',
  expires_at: '2025-03-01T12:20:00.000Z',
});

let lists: URL[];
let actions: string[];
let actionReply: () => Response;

beforeEach(async () => {
  // A large staff monitor: the list is a table there (data-table.test.tsx covers the cards).
  vi.stubGlobal('matchMedia', () => ({ matches: true, addEventListener() {}, removeEventListener() {} }));
  await i18n.changeLanguage('pt');
  lists = [];
  actions = [];
  actionReply = () => HttpResponse.json(order(1, 'cancelled'));
  server.use(
    http.get('/api/v1/admin/orders/summary', () =>
      HttpResponse.json({
        total: 12,
        by_status: {
          pending: 1,
          waiting_sms: 2,
          code_received: 3,
          finished: 4,
          cancelled: 1,
          expired: 1,
          failed: 0,
        },
        by_payment_status: { pending: 3, paid: 7, refunded: 2 },
        last_24h: 5,
      }),
    ),
    http.get('/api/v1/admin/orders', ({ request }) => {
      lists.push(new URL(request.url));
      return HttpResponse.json(
        [order(1, 'waiting_sms'), order(2, 'code_received'), order(3, 'finished'), order(4, 'pending')],
        { headers: { 'X-Total-Count': '4' } },
      );
    }),
    http.post('/api/v1/admin/orders/:id/:action', ({ request }) => {
      actions.push(new URL(request.url).pathname);
      return actionReply();
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderAt = (path: string) =>
  renderRoutes([{ path: '/admin/orders', element: <AdminOrdersPage /> }], path);

const rowOf = async (status: string) =>
  (await screen.findAllByTestId('admin-order-row')).find((r) => r.dataset.status === status)!;

describe('admin orders screen', () => {
  it('shows each order with its customer, number, code, status, payment and a right-aligned price', async () => {
    renderAt('/admin/orders');
    const row = await rowOf('code_received');
    expect(row.textContent).toContain('#aaaaaaa2');
    expect(row.textContent).toContain('Joana Pereira');
    expect(row.textContent).toContain('joana@example.com');
    expect(row.textContent).toContain('+55 11 98765-4321');
    expect(within(row).getByTestId('order-code').textContent).toBe('123456');
    expect(within(row).getByTestId('activation-status').textContent).toBe('Código recebido');
    expect(within(row).getByTestId('payment-status').textContent).toBe('Pago');
    const price = within(row).getByTestId('order-price');
    expect(price.textContent).toBe('R$\u00a05,00');
    expect(price.className).toContain('text-right');
    expect((await screen.findByTestId('summary-in-progress')).textContent).toContain('3');
    expect(screen.getByTestId('summary-total').textContent).toContain('5 nas últimas 24 h');
  });

  it('offers cancel with refund while waiting, finish with a code, nothing once finished', async () => {
    renderAt('/admin/orders');
    const waiting = await rowOf('waiting_sms');
    expect(
      within(waiting).getByRole('button', { name: 'Cancelar e reembolsar o pedido #aaaaaaa1' }),
    ).toBeTruthy();
    expect(within(waiting).queryByRole('button', { name: /Concluir/ })).toBeNull();
    const pending = await rowOf('pending');
    expect(within(pending).getByRole('button', { name: /Cancelar e reembolsar/ })).toBeTruthy();
    const withCode = await rowOf('code_received');
    expect(within(withCode).getByRole('button', { name: 'Concluir o pedido #aaaaaaa2' })).toBeTruthy();
    expect(within(withCode).queryByRole('button', { name: /Cancelar/ })).toBeNull();
    const finished = await rowOf('finished');
    expect(within(finished).queryByRole('button')).toBeNull();
    expect(finished.textContent).toContain('Nenhuma ação');

    fireEvent.click(within(withCode).getByRole('button', { name: /Concluir/ }));
    await waitFor(() =>
      expect(actions).toEqual(['/api/v1/admin/orders/aaaaaaa2-0000-4000-8000-000000000000/finish']),
    );
  });

  it('asks before cancelling, then refunds; a refusal shows the server detail', async () => {
    actionReply = () =>
      problem(
        409,
        'CODE_ALREADY_RECEIVED',
        'O código já foi recebido: esta ativação não pode mais ser cancelada nem reembolsada.',
      );
    renderAt('/admin/orders');
    const waiting = await rowOf('waiting_sms');
    fireEvent.click(within(waiting).getByRole('button', { name: /Cancelar e reembolsar/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('R$\u00a05,00 voltará para o saldo de Joana Pereira');
    expect(actions).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sim, cancelar e reembolsar' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('O código já foi recebido');
    expect(actions).toEqual(['/api/v1/admin/orders/aaaaaaa1-0000-4000-8000-000000000000/cancel']);
  });

  it('sends search and filters to the server and exports the same filtered list', async () => {
    renderAt('/admin/orders?search=joana&status=waiting_sms&payment_status=pending');
    await screen.findByTestId('admin-orders-table');
    expect(Object.fromEntries(lists[0]!.searchParams)).toEqual({
      search: 'joana',
      status: 'waiting_sms',
      payment_status: 'pending',
      skip: '0',
      limit: '20',
    });
    const exportLink = screen.getByTestId('orders-export');
    expect(exportLink.getAttribute('href')).toBe(
      '/api/v1/admin/orders/export?search=joana&status=waiting_sms&payment_status=pending&lang=pt',
    );
    expect(screen.getByRole('link', { name: /Relatórios/ }).getAttribute('href')).toBe(
      '/admin/orders/reports',
    );
    // Rentals are listed on their own staff page, one click from the orders.
    expect(screen.getByRole('link', { name: 'Locações' }).getAttribute('href')).toBe('/admin/rentals');
  });
});
