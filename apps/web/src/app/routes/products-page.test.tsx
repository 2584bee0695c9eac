import type { ProductOffer, ServiceSummary } from '@numero/contract/catalog';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw/http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { notRentable, problem, storeInfo } from '../../testing/handlers.ts';
import { renderRoutes } from '../../testing/render-routes.tsx';
import { server } from '../../testing/server.ts';
import { ProductsPage } from './products-page.tsx';

vi.mock('../../lib/toast.ts', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

const service = (code: string, name: string, category: string, popularity: number): ServiceSummary => ({
  code,
  name,
  popularity,
  category,
  category_name: category,
  from_price: 200,
  currency: 'BRL',
  countries_available: 2,
});
const services = [
  service('wa', 'WhatsApp', 'whatsapp', 100),
  service('tg', 'Telegram', 'sms', 95),
  service('go', 'Google', 'verification', 92),
];
const offer = (
  country: string,
  name: string,
  stock: number,
  price: number,
  currency: 'BRL' | 'USD' = 'BRL',
): ProductOffer => ({
  id: country === 'BR' ? 1 : 2,
  sku: `WA-${country}`,
  service_code: 'wa',
  service_name: 'WhatsApp',
  country_code: country,
  country_name: name,
  dial_code: '+55',
  price,
  currency,
  stock,
  available: stock > 0,
  // Brazil has a week of sales behind it; Argentina too few to say anything.
  success_rate: country === 'BR' ? 0.923 : null,
  median_seconds_to_code: country === 'BR' ? 45 : null,
  sample_size: country === 'BR' ? 26 : 3,
});

let balance = 2_000;
let usd = 0;
let favourites: string[] = [];
let posts: { headers: Headers; body: unknown }[];
// What the screen asked for, by endpoint (the query strings).
let asked: Record<'services' | 'search' | 'products', URLSearchParams[]>;

beforeEach(async () => {
  await i18n.changeLanguage('pt');
  balance = 2_000;
  usd = 0;
  favourites = [];
  posts = [];
  asked = { services: [], search: [], products: [] };
  server.use(
    storeInfo(),
    notRentable(),
    http.get('/api/v1/catalog/operators', ({ request }) => {
      const query = new URL(request.url).searchParams;
      return HttpResponse.json({
        service: query.get('service'),
        country: query.get('country'),
        operators: [],
      });
    }),
    http.get('/api/v1/catalog/services', ({ request }) => {
      // A stand-in for the server's filters: one service, a category, a part of the name.
      const query = new URL(request.url).searchParams;
      asked.services.push(query);
      const q = query.get('q')?.toLowerCase();
      const items = services.filter(
        (s) =>
          (!query.get('service') || s.code === query.get('service')) &&
          (!query.get('category') || s.category === query.get('category')) &&
          (!q || s.name.toLowerCase().includes(q)),
      );
      return HttpResponse.json({ items, total: items.length, next_cursor: null });
    }),
    http.get('/api/v1/catalog/categories', () =>
      HttpResponse.json([
        { slug: 'sms', name: 'SMS', from_price: 200, currency: 'BRL' },
        { slug: 'whatsapp', name: 'WhatsApp', from_price: 500, currency: 'BRL' },
        { slug: 'verification', name: 'Verificação', from_price: 150, currency: 'BRL' },
      ]),
    ),
    http.get('/api/v1/catalog/favourites', () =>
      HttpResponse.json(services.filter((s) => favourites.includes(s.code))),
    ),
    http.put('/api/v1/catalog/favourites/:code', ({ params }) => {
      favourites = [String(params.code), ...favourites];
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete('/api/v1/catalog/favourites/:code', ({ params }) => {
      favourites = favourites.filter((c) => c !== params.code);
      return new HttpResponse(null, { status: 204 });
    }),
    // The server's search forgives a typo; this stand-in knows one.
    http.get('/api/v1/catalog/search', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.search.push(query);
      const q = query.get('q') ?? '';
      const hits = services.filter(
        (s) => s.name.toLowerCase().includes(q) || (q === 'telegrama' && s.code === 'tg'),
      );
      return HttpResponse.json({ services: hits, countries: [], next_cursor: null });
    }),
    http.get('/api/v1/catalog/products', ({ request }) => {
      // A stand-in for the server's filters: country, name, stock and the lowest price.
      const query = new URL(request.url).searchParams;
      asked.products.push(query);
      const all =
        query.get('currency') === 'USD'
          ? [offer('BR', 'Brazil', 40, 200, 'USD'), offer('AR', 'Argentina', 0, 240, 'USD')]
          : [offer('BR', 'Brasil', 40, 500), offer('AR', 'Argentina', 0, 600)];
      const items = all.filter(
        (o) =>
          (!query.get('country') || o.country_code === query.get('country')) &&
          (!query.get('q') || o.country_name.toLowerCase().includes(query.get('q')!)) &&
          (query.get('in_stock') !== 'true' || o.available) &&
          o.price >= Number(query.get('min_price') ?? 0),
      );
      return HttpResponse.json({ items, total: items.length, next_cursor: null });
    }),
    http.get('/api/v1/wallets/', () =>
      HttpResponse.json([
        { balance, currency: 'BRL', formatted: '' },
        { balance: usd, currency: 'USD', formatted: '' },
      ]),
    ),
    http.post('/api/v1/activations', async ({ request }) => {
      posts.push({ headers: request.headers, body: await request.json() });
      return problem(402, 'INSUFFICIENT_FUNDS', 'Saldo insuficiente. Adicione saldo para continuar.');
    }),
  );
});

afterEach(cleanup);

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/dashboard/products', element: <ProductsPage /> },
      { path: '/dashboard/balance', element: <p>balance page</p> },
    ],
    path,
  );
}

describe('products screen', () => {
  it('lists services popular first, filters by category from the URL and by search', async () => {
    renderAt('/dashboard/products?category=whatsapp');
    const shown = () =>
      within(screen.getByTestId('service-list'))
        .getAllByTestId(/^service-/)
        .map((b) => b.dataset.testid);
    await screen.findByTestId('service-list');
    expect(shown()).toEqual(['service-wa']);
    fireEvent.click(screen.getByRole('button', { name: 'Todos' }));
    await waitFor(() => expect(shown()).toEqual(['service-wa', 'service-tg', 'service-go']));
    fireEvent.change(screen.getByLabelText('Buscar serviço'), { target: { value: 'goo' } });
    await waitFor(() => expect(shown()).toEqual(['service-go']));
    expect(asked.services.some((query) => query.get('q') === 'goo')).toBe(true);
  });

  it('keeps favourites first, starred and unstarred from the card', async () => {
    renderAt('/dashboard/products');
    await screen.findByTestId('service-list');
    expect(screen.queryByTestId('favourite-list')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar Google aos favoritos' }));
    const favouriteList = await screen.findByTestId('favourite-list');
    expect(within(favouriteList).getByTestId('service-go')).toBeTruthy();
    // Not shown twice.
    await waitFor(() =>
      expect(within(screen.getByTestId('service-list')).queryByTestId('service-go')).toBeNull(),
    );
    expect(favourites).toEqual(['go']);
    fireEvent.click(within(favouriteList).getByRole('button', { name: 'Remover Google dos favoritos' }));
    await waitFor(() => expect(screen.queryByTestId('favourite-list')).toBeNull());
    expect(favourites).toEqual([]);
  });

  it('asks the server when what is typed matches nothing here: it forgives a typo', async () => {
    renderAt('/dashboard/products');
    await screen.findByTestId('service-list');
    fireEvent.change(screen.getByLabelText('Buscar serviço'), { target: { value: 'telegrama' } });
    await waitFor(() => expect(asked.search).toHaveLength(1));
    expect(await screen.findByTestId('service-tg')).toBeTruthy();
    expect(Object.fromEntries(asked.search[0]!)).toMatchObject({
      q: 'telegrama',
      currency: 'BRL',
      lang: 'pt',
    });
  });

  it('shows countries with price, stock and record, out of stock disabled, and confirms with the balance after', async () => {
    renderAt('/dashboard/products?service=wa');
    const br = await screen.findByTestId('country-BR');
    expect(br.textContent).toContain('R$\u00a05,00');
    expect(br.textContent).toContain('40 disponíveis');
    expect(within(br).getByTestId('track-record').textContent).toBe(
      'Taxa de sucesso: 92% (26 pedidos) · Código em ~45 s',
    );
    const ar = screen.getByTestId('country-AR');
    expect(ar.textContent).toContain('Sem estoque');
    expect(within(ar).getByTestId('track-record').textContent).toBe(
      'Sem dados suficientes (mostrados a partir de 5 pedidos concluídos)',
    );
    expect(within(ar).getByRole('button')).toHaveProperty('disabled', true);

    fireEvent.click(within(br).getByRole('button'));
    await waitFor(() => expect(screen.getByTestId('purchase-balance').textContent).toBe('R$\u00a020,00'));
    expect(screen.getByTestId('purchase-price').textContent).toBe('R$\u00a05,00');
    expect(screen.getByTestId('purchase-balance-after').textContent).toBe('R$\u00a015,00');
    const summary = screen.getByTestId('purchase-summary');
    expect(within(summary).getByText('Últimos 7 dias')).toBeTruthy();
    expect(within(summary).getByTestId('track-record').textContent).toBe(
      'Taxa de sucesso: 92% (26 pedidos) · Código em ~45 s',
    );
  });

  it('asks the server for the countries the filters select, and offers to clear them', async () => {
    renderAt('/dashboard/products?service=wa');
    await screen.findByTestId('country-AR');
    expect(screen.getByText('2 países')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Só países com números disponíveis'));
    await waitFor(() => expect(screen.queryByTestId('country-AR')).toBeNull());
    expect(screen.getByText('1 país')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Ordenar por'), { target: { value: 'price' } });
    fireEvent.change(screen.getByLabelText('Preço mínimo'), { target: { value: '5,50' } });
    expect(await screen.findByText('Nenhum país encontrado.')).toBeTruthy();
    expect(Object.fromEntries(asked.products.at(-1)!)).toMatchObject({
      service: 'wa',
      sort: 'price',
      in_stock: 'true',
      min_price: '550',
    });
    // A price that is not an amount is said so, and not sent.
    fireEvent.change(screen.getByLabelText('Preço máximo'), { target: { value: '5.000,00' } });
    expect(screen.getByText('Digite um valor, como 5,90')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(await screen.findByTestId('country-AR')).toBeTruthy();
  });

  it('explains an insufficient balance with a link to add balance, and sends an idempotency key', async () => {
    balance = 100;
    renderAt('/dashboard/products?service=wa');
    fireEvent.click(within(await screen.findByTestId('country-BR')).getByRole('button'));
    expect(await screen.findByText('Saldo insuficiente para esta compra.')).toBeTruthy();
    // The shortfall (R$ 4,00) is below the smallest top-up, so the top-up starts at R$ 5,00; in
    // dollars the whole $2.00 is missing.
    // The smallest top-up comes from the store's settings.
    expect(
      (await screen.findByRole('link', { name: 'Adicionar R$\u00a05,00 e comprar' })).getAttribute('href'),
    ).toBe('/dashboard/balance?amount_BRL=500&amount_USD=200');
    expect(screen.getByRole('button', { name: 'Confirmar compra' })).toHaveProperty('disabled', true);

    // The server has the last word: a balance that looked enough but was spent meanwhile.
    balance = 2_000;
    cleanup();
    renderAt('/dashboard/products?service=wa');
    fireEvent.click(within(await screen.findByTestId('country-BR')).getByRole('button'));
    const confirm = await screen.findByRole('button', { name: 'Confirmar compra' });
    await waitFor(() => expect(confirm).toHaveProperty('disabled', false));
    fireEvent.click(confirm);
    expect(await screen.findByText('Saldo insuficiente. Adicione saldo para continuar.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Adicionar saldo' })).toBeTruthy();
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ product_id: 1, currency: 'BRL' });
    expect(posts[0]!.headers.get('idempotency-key')).toMatch(/^web-[0-9a-f]{32}$/);
  });

  it('pays from the reais wallet in English when only that wallet holds the money', async () => {
    await i18n.changeLanguage('en');
    balance = 2_000;
    renderAt('/dashboard/products?service=wa');
    fireEvent.click(within(await screen.findByTestId('country-BR')).getByRole('button'));
    const wallets = await screen.findByTestId('purchase-wallets');
    await waitFor(() =>
      expect(within(wallets).getByRole('radio', { name: /Reais wallet/ })).toHaveProperty('checked', true),
    );
    expect(screen.getByTestId('purchase-price').textContent).toBe('R$5.00');
    expect(screen.getByTestId('purchase-balance-after').textContent).toBe('R$15.00');
    expect(within(screen.getByTestId('purchase-summary')).getByTestId('track-record').textContent).toBe(
      'Success rate: 92% (26 orders) · Code in ~45 s',
    );
    // Choosing the empty dollar wallet says where the money is instead of a bare "insufficient".
    fireEvent.click(within(wallets).getByRole('radio', { name: /Dollar wallet/ }));
    expect(await screen.findByText(/Your Reais wallet \(BRL\) has enough/)).toBeTruthy();
    fireEvent.click(within(wallets).getByRole('radio', { name: /Reais wallet/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm purchase' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toEqual({ product_id: 1, currency: 'BRL' });
  });
});
