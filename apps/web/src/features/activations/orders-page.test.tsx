import type { Activation } from '@numero/contract/activations';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { JsonBodyType } from 'msw';
import { HttpResponse, http } from 'msw/http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { renderRoutes } from '../../testing/render-routes.tsx';
import { server } from '../../testing/server.ts';
import { OrdersPage } from './orders-page.tsx';

const item = (n: number, status: Activation['status']): Activation => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  public_id: 100000 + n,
  product_id: 1,
  service_code: 'wa',
  service_name: 'WhatsApp',
  country_code: 'BR',
  country_name_pt: 'Brasil',
  country_name_en: 'Brazil',
  currency: 'BRL',
  price: 500,
  status,
  phone_number: '5511987654321',
  operator: null,
  code: status === 'finished' ? '654321' : null,
  sms_text: null,
  resend_count: 0,
  awaiting_sms: false,
  settled: status === 'cancelled' ? 'refunded' : status === 'finished' ? 'captured' : null,
  expires_at: null,
  remaining_seconds: null,
  can_cancel: false,
  can_resend: false,
  can_finish: false,
  created_at: '2025-03-01T12:00:00.000Z',
  updated_at: '2025-03-01T12:00:00.000Z',
});

let requests: URL[];
let reply: { status: number; body: JsonBodyType };

beforeEach(async () => {
  await i18n.changeLanguage('pt');
  requests = [];
  reply = {
    status: 200,
    body: { items: [item(1, 'finished'), item(2, 'cancelled')], total: 45, skip: 0, limit: 20 },
  };
  server.use(
    http.get('/api/v1/activations', ({ request }) => {
      requests.push(new URL(request.url));
      return HttpResponse.json(reply.body, { status: reply.status });
    }),
  );
});

afterEach(cleanup);

const renderAt = (path: string) =>
  renderRoutes([{ path: '/dashboard/orders', element: <OrdersPage /> }], path);

describe('orders screen', () => {
  it('shows status, service, country, number, code and a right-aligned price, paged on the server', async () => {
    const router = renderAt('/dashboard/orders');
    const table = await screen.findByTestId('orders-table');
    const rows = within(table).getAllByTestId('order-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('WhatsApp');
    expect(rows[0]!.textContent).toContain('Brasil');
    expect(rows[0]!.textContent).toContain('+55 11 98765-4321');
    expect(rows[0]!.textContent).toContain('654321');
    expect(rows[0]!.textContent).toContain('Concluída');
    expect(rows[1]!.textContent).toContain('Reembolsado');
    // The price is the last column but the actions one (use this number again).
    const priceCell = rows[0]!.children[6]!;
    expect(priceCell.className).toContain('text-right');
    expect(priceCell.textContent).toBe('R$\u00a05,00');
    expect(screen.getByTestId('orders-total').textContent).toBe('45 pedidos · Página 1 de 3');

    fireEvent.click(screen.getByRole('button', { name: /Próxima/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(requests.at(-1)!.searchParams.get('skip')).toBe('20'));
  });

  it('filters by status through the server', async () => {
    renderAt('/dashboard/orders');
    fireEvent.change(await screen.findByLabelText('Status'), { target: { value: 'cancelled' } });
    await waitFor(() => expect(requests.at(-1)!.searchParams.get('status')).toBe('cancelled'));
  });

  it('shows an empty state with a way to buy, and an error with a retry', async () => {
    reply = { status: 200, body: { items: [], total: 0, skip: 0, limit: 20 } };
    renderAt('/dashboard/orders');
    expect(await screen.findByText('Nenhum pedido ainda')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Comprar número' }).getAttribute('href')).toBe(
      '/dashboard/products',
    );
    cleanup();

    reply = {
      status: 500,
      body: { code: 'INTERNAL', detail: 'Erro interno do servidor. Tente novamente mais tarde.' },
    };
    renderAt('/dashboard/orders');
    expect(await screen.findByText('Erro interno do servidor. Tente novamente mais tarde.')).toBeTruthy();
    reply = { status: 200, body: { items: [item(3, 'expired')], total: 1, skip: 0, limit: 20 } };
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Expirada')).toBeTruthy();
  });
});
