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

const offer: ProductOffer = {
  id: 1,
  sku: 'WA-BR',
  service_code: 'wa',
  service_name: 'WhatsApp',
  country_code: 'BR',
  country_name: 'Brasil',
  dial_code: '+55',
  price: 500,
  currency: 'BRL',
  stock: 40,
  available: true,
  success_rate: null,
  median_seconds_to_code: null,
  sample_size: 0,
};

let operators: string[];
let posts: unknown[];
let operatorReads: number;

beforeEach(() => {
  operators = ['claro', 'oi', 'tim', 'vivo'];
  posts = [];
  operatorReads = 0;
  server.use(
    storeInfo(),
    notRentable(),
    wallets({ BRL: 2_000, USD: 0 }),
    http.get('/api/v1/catalog/operators', ({ request }) => {
      operatorReads++;
      const asked = new URL(request.url).searchParams;
      return HttpResponse.json({ service: asked.get('service'), country: asked.get('country'), operators });
    }),
    http.get('/api/v1/catalog/products', () =>
      HttpResponse.json([{ ...offer, currency: 'USD', price: 100 }]),
    ),
    http.post('/api/v1/activations', async ({ request }) => {
      posts.push(await request.json());
      return problem(
        409,
        'OPERATOR_UNAVAILABLE',
        'Não há números da operadora vivo para este serviço neste país.',
      );
    }),
  );
});

afterEach(cleanup);

const open = () =>
  renderRoutes([{ path: '/', element: <PurchaseDialog offer={offer} onClose={() => {}} /> }], '/');

describe('purchase dialog: operator choice', () => {
  it('offers the product’s operators, any by default, and sends the one chosen', async () => {
    await i18n.changeLanguage('pt');
    open();
    const select = (await screen.findByLabelText('Operadora')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Qualquer operadora',
      'Claro',
      'Oi',
      'TIM',
      'Vivo',
    ]);
    expect(select.value).toBe('');
    const confirm = screen.getByRole('button', { name: 'Confirmar compra' });
    await waitFor(() => expect(confirm).toHaveProperty('disabled', false));
    fireEvent.change(select, { target: { value: 'vivo' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({ product_id: 1, currency: 'BRL', operator: 'vivo' });
    // The refusal is the server's own words.
    expect(await screen.findByText(/Não há números da operadora vivo/)).toBeTruthy();
  });

  it('sends no operator when any is kept, with English texts', async () => {
    await i18n.changeLanguage('en');
    open();
    const select = (await screen.findByLabelText('Operator')) as HTMLSelectElement;
    expect(select.options[0]!.textContent).toBe('Any operator');
    const confirm = screen.getByRole('button', { name: 'Confirm purchase' });
    await waitFor(() => expect(confirm).toHaveProperty('disabled', false));
    fireEvent.click(confirm);
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({ product_id: 1, currency: 'BRL' });
  });

  it('shows no choice where the sellers name no operators', async () => {
    await i18n.changeLanguage('pt');
    operators = [];
    open();
    const confirm = await screen.findByRole('button', { name: 'Confirmar compra' });
    await waitFor(() => expect(confirm).toHaveProperty('disabled', false));
    await waitFor(() => expect(operatorReads).toBe(1));
    expect(screen.queryByTestId('purchase-operator')).toBeNull();
  });
});
