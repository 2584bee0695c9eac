import type { ProductOffer } from '@numero/contract/catalog';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw/http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { notRentable, problem, storeInfo, wallets } from '../../testing/handlers.ts';
import { renderRoutes } from '../../testing/render-routes.tsx';
import { server } from '../../testing/server.ts';
import { PurchaseDialog } from './purchase-dialog.tsx';

vi.mock('../../lib/toast.ts', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

const base = {
  country_code: 'BR',
  country_name: 'Brasil',
  dial_code: '+55',
  currency: 'BRL' as const,
  stock: 40,
  available: true,
  success_rate: null,
  median_seconds_to_code: null,
  sample_size: 0,
};
const wa: ProductOffer = {
  ...base,
  id: 1,
  sku: 'WA-BR',
  service_code: 'wa',
  service_name: 'WhatsApp',
  price: 500,
};
const tg: ProductOffer = {
  ...base,
  id: 2,
  sku: 'TG-BR',
  service_code: 'tg',
  service_name: 'Telegram',
  price: 400,
};

let posts: { path: string; body: unknown; key: string | null }[];

beforeEach(async () => {
  await i18n.changeLanguage('pt');
  posts = [];
  server.use(
    storeInfo(),
    notRentable(),
    wallets({ BRL: 2_000 }),
    http.get('/api/v1/catalog/operators', () =>
      HttpResponse.json({ service: 'wa', country: 'BR', operators: [] }),
    ),
    http.get('/api/v1/catalog/products', ({ request }) =>
      HttpResponse.json({
        items: new URL(request.url).searchParams.get('service') ? [] : [wa, tg],
        total: 2,
        next_cursor: null,
      }),
    ),
    http.post('/api/v1/activations/*', async ({ request }) => {
      posts.push({
        path: new URL(request.url).pathname,
        body: await request.json(),
        key: request.headers.get('idempotency-key'),
      });
      return problem(409, 'NO_NUMBERS', 'Sem números disponíveis.');
    }),
  );
});

afterEach(cleanup);

describe('purchase dialog: another service on this number', () => {
  it('adds Telegram to the WhatsApp number, totals the price and buys both in one request', async () => {
    renderRoutes([{ path: '/', element: <PurchaseDialog offer={wa} onClose={() => {}} /> }], '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Adicionar outro serviço neste número' }));
    const select = (await screen.findByLabelText('Outro serviço')) as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBe(2));
    expect(select.options[1]!.textContent).toBe('Telegram · R$\u00a04,00');
    fireEvent.change(select, { target: { value: '2' } });
    expect((await screen.findAllByTestId('purchase-extra-service')).map((e) => e.textContent)).toEqual([
      'TelegramR$\u00a04,00',
    ]);
    expect(screen.getByTestId('purchase-price').textContent).toBe('R$\u00a09,00');
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar compra' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      path: '/api/v1/activations/multi-service',
      body: { country: 'BR', services: ['wa', 'tg'], currency: 'BRL' },
      key: expect.stringMatching(/^web-/),
    });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Sem números disponíveis.');
    fireEvent.click(screen.getByRole('button', { name: 'Remover Telegram' }));
    expect(screen.getByTestId('purchase-price').textContent).toBe('R$\u00a05,00');
  });
});
