import type { ProductOffer } from '@numero/contract/catalog';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { json, renderRoutes } from '../../testing/render-routes.tsx';
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

beforeEach(() => {
  operators = ['claro', 'oi', 'tim', 'vivo'];
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/v1/catalog/operators')
        return json({
          service: url.searchParams.get('service'),
          country: url.searchParams.get('country'),
          operators,
        });
      if (url.pathname === '/api/v1/catalog/products')
        return json([{ ...offer, currency: 'USD', price: 100 }]);
      if (url.pathname === '/api/v1/store') return json({ demo: true });
      if (url.pathname === '/api/v1/wallets/')
        return json([
          { balance: 2_000, currency: 'BRL', formatted: '' },
          { balance: 0, currency: 'USD', formatted: '' },
        ]);
      if (url.pathname === '/api/v1/activations' && init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return json(
          {
            code: 'OPERATOR_UNAVAILABLE',
            detail: 'Não há números da operadora vivo para este serviço neste país.',
          },
          409,
        );
      }
      return json({ code: 'NOT_FOUND', detail: 'x' }, 404);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.some(([u]) => String(u).includes('operators'))).toBe(true),
    );
    expect(screen.queryByTestId('purchase-operator')).toBeNull();
  });
});
