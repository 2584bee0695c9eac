import type { AdminProduct } from '@numero/contract/catalog';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw/http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { problem } from '../../testing/handlers.ts';
import { renderRoutes } from '../../testing/render-routes.tsx';
import { server } from '../../testing/server.ts';
import { AdminProductsPage } from './admin-products-page.tsx';

const product = (id: number, stock: number, over: Partial<AdminProduct> = {}): AdminProduct => ({
  id,
  sku: `WA-${id}`,
  name: `WhatsApp · País ${id}`,
  service_code: 'wa',
  service_name: 'WhatsApp',
  country_code: 'BR',
  country_name: `País ${id}`,
  category: 'whatsapp',
  category_name: 'WhatsApp',
  price_brl: 500,
  price_usd: 250,
  stock,
  status: stock === 0 ? 'out_of_stock' : 'active',
  is_active: true,
  price_pinned: false,
  created_at: '2025-03-01T12:00:00.000Z',
  updated_at: '2025-03-01T12:00:00.000Z',
  ...over,
});

let lists: URL[];
let patches: { path: string; body: unknown }[];
let listReply: { status: number; items: AdminProduct[]; total: number };

beforeEach(async () => {
  await i18n.changeLanguage('pt');
  lists = [];
  patches = [];
  listReply = {
    status: 200,
    items: [
      product(1, 0),
      product(2, 3),
      product(3, 8),
      product(4, 250),
      product(5, 0, { is_active: false, status: 'inactive' }),
    ],
    total: 5,
  };
  server.use(
    http.get('/api/v1/admin/products/summary', () =>
      HttpResponse.json({ total: 182, active: 170, inactive: 2, out_of_stock: 10, low_stock: 7 }),
    ),
    http.get('/api/v1/admin/products/options', () =>
      HttpResponse.json({
        categories: [
          { slug: 'whatsapp', name: 'WhatsApp', is_active: true, product_count: 26, active_count: 26 },
        ],
        services: [],
        countries: [],
      }),
    ),
    http.get('/api/v1/admin/products', ({ request }) => {
      lists.push(new URL(request.url));
      return listReply.status === 200
        ? HttpResponse.json(listReply.items, { headers: { 'X-Total-Count': String(listReply.total) } })
        : problem(500, 'INTERNAL', 'Erro interno do servidor. Tente novamente mais tarde.');
    }),
    http.patch('/api/v1/admin/products/:id', async ({ request, params }) => {
      const body = (await request.json()) as Partial<AdminProduct>;
      patches.push({ path: new URL(request.url).pathname, body });
      return HttpResponse.json({ ...product(Number(params.id), 3), ...body });
    }),
  );
});

afterEach(cleanup);

const renderAt = (path: string) =>
  renderRoutes([{ path: '/admin/products', element: <AdminProductsPage /> }], path);

describe('admin products screen', () => {
  it('shows real rows with the spec stock labels, right-aligned prices and the summary', async () => {
    renderAt('/admin/products');
    const table = await screen.findByTestId('products-table');
    const labels = within(table)
      .getAllByTestId('stock-label')
      .map((l) => l.textContent);
    expect(labels).toEqual(['Sem estoque', 'Estoque baixo', 'Estoque médio', 'Em estoque', 'Sem estoque']);
    const price = within(table).getAllByTestId('price-brl')[0]!;
    expect(price.textContent).toBe('R$\u00a05,00');
    expect(price.className).toContain('text-right');
    expect(within(table).getAllByTestId('price-usd')[0]!.textContent).toBe('US$\u00a02,50');
    expect((await screen.findByTestId('summary-low-stock')).textContent).toContain('7');
    expect(screen.getByRole('link', { name: /Novo produto/ }).getAttribute('href')).toBe(
      '/admin/products/new',
    );
    expect(screen.getByRole('link', { name: /Categorias/ }).getAttribute('href')).toBe(
      '/admin/products/categories',
    );
    // One page: the total, and no page buttons.
    expect(screen.getByTestId('list-total').textContent).toBe('5 produtos');
    expect(screen.queryByRole('button', { name: /Próxima/ })).toBeNull();
  });

  it('pages by 20 on the server and sends the filters from the URL', async () => {
    listReply.total = 45;
    const router = renderAt('/admin/products?search=whats&category=whatsapp&status=active&page=2');
    await screen.findByTestId('products-table');
    expect(Object.fromEntries(lists[0]!.searchParams)).toEqual({
      search: 'whats',
      category: 'whatsapp',
      status: 'active',
      skip: '20',
      limit: '20',
    });
    expect(screen.getByTestId('list-total').textContent).toBe('45 produtos · Página 2 de 3');
    fireEvent.click(screen.getByRole('button', { name: /Próxima/ }));
    await waitFor(() => expect(router.state.location.search).toContain('page=3'));
  });

  it('searches on the server once typing pauses, from the first page', async () => {
    const router = renderAt('/admin/products?page=3');
    await screen.findByTestId('products-table');
    fireEvent.change(screen.getByLabelText('Buscar'), { target: { value: 'Whats' } });
    fireEvent.change(screen.getByLabelText('Buscar'), { target: { value: 'WhatsApp ' } });
    await waitFor(() => expect(router.state.location.search).toBe('?search=WhatsApp'));
    await waitFor(() =>
      expect(
        lists.some(
          (url) => url.searchParams.get('search') === 'WhatsApp' && url.searchParams.get('skip') === '0',
        ),
      ).toBe(true),
    );
    expect(lists.some((url) => url.searchParams.get('search') === 'Whats')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect((screen.getByLabelText('Buscar') as HTMLInputElement).value).toBe(''));
    expect(router.state.location.search).toBe('');
  });

  it('edits prices in reais and dollars as cents and switches a product off', async () => {
    renderAt('/admin/products');
    await screen.findByTestId('products-table');
    fireEvent.click(screen.getByRole('button', { name: 'Editar WhatsApp · País 2' }));
    const dialog = await screen.findByTestId('product-edit-form');
    fireEvent.change(within(dialog).getByLabelText('Preço em reais (R$)'), { target: { value: '7,90' } });
    fireEvent.change(within(dialog).getByLabelText('Preço em dólares (US$)'), { target: { value: '-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findAllByRole('alert')).not.toHaveLength(0);
    expect(patches).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Preço em dólares (US$)'), { target: { value: '3.10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(patches).toEqual([
        { path: '/api/v1/admin/products/2', body: { price_brl: 790, price_usd: 310 } },
      ]),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Desativar WhatsApp · País 4' }));
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[1]).toEqual({ path: '/api/v1/admin/products/4', body: { is_active: false } });
    expect(screen.getByRole('button', { name: 'Ativar WhatsApp · País 5' })).toBeTruthy();
  });

  it('shows the error with a retry, and an empty state when nothing matches', async () => {
    listReply.status = 500;
    renderAt('/admin/products');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Erro interno do servidor');
    listReply = { status: 200, items: [], total: 0 };
    fireEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Nenhum produto encontrado')).toBeTruthy();
  });
});
