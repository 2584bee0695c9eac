import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { JsonBodyType } from 'msw';
import { HttpResponse, http } from 'msw/http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { renderRoutes } from '../../testing/render-routes.tsx';
import { server } from '../../testing/server.ts';
import { AdminProductCategoriesPage } from './admin-product-categories-page.tsx';
import { AdminProductNewPage } from './admin-product-new-page.tsx';

const options = {
  categories: [
    { slug: 'sms', name: 'SMS', is_active: true, product_count: 104, active_count: 103 },
    { slug: 'whatsapp', name: 'WhatsApp', is_active: true, product_count: 26, active_count: 26 },
  ],
  services: [
    { code: 'tg', name: 'Telegram', category: 'sms', is_active: true },
    { code: 'wa', name: 'WhatsApp', category: 'whatsapp', is_active: true },
  ],
  countries: [{ code: 'CL', name: 'Chile', is_active: true }],
};

let posts: unknown[];
let createReply: { status: number; body: JsonBodyType };

beforeEach(async () => {
  await i18n.changeLanguage('pt');
  posts = [];
  createReply = { status: 201, body: { id: 999, sku: 'TG-CL' } };
  server.use(
    http.get('/api/v1/admin/products/options', () => HttpResponse.json(options)),
    http.post('/api/v1/admin/products', async ({ request }) => {
      posts.push(await request.json());
      return HttpResponse.json(createReply.body, { status: createReply.status });
    }),
  );
});

afterEach(cleanup);

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/admin/products/new', element: <AdminProductNewPage /> },
      { path: '/admin/products/categories', element: <AdminProductCategoriesPage /> },
      { path: '/admin/products', element: <p>list</p> },
    ],
    path,
  );
}

describe('new product form', () => {
  it('creates a product from a service, a country and prices typed in reais and dollars', async () => {
    const router = renderAt('/admin/products/new');
    const form = await screen.findByTestId('product-new-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Criar produto' }));
    // The contract's checks run in the browser before anything is sent, with the page's messages.
    const alerts = (await within(form).findAllByRole('alert')).map((a) => a.textContent);
    expect(alerts).toEqual([
      'Escolha um serviço e um país.',
      'Escolha um serviço e um país.',
      'Informe um preço maior que zero, de até R$\u00a010.000,00, com no máximo 2 casas decimais.',
      'Informe um preço maior que zero, de até US$\u00a010.000,00, com no máximo 2 casas decimais.',
    ]);
    expect(posts).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Serviço'), { target: { value: 'tg' } });
    fireEvent.change(within(form).getByLabelText('País'), { target: { value: 'CL' } });
    fireEvent.change(within(form).getByLabelText('Preço em reais (R$)'), { target: { value: '3,50' } });
    fireEvent.change(within(form).getByLabelText('Preço em dólares (US$)'), { target: { value: '1.5' } });
    fireEvent.change(within(form).getByLabelText('Estoque inicial'), { target: { value: '12' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Criar produto' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      service_code: 'tg',
      country_code: 'CL',
      price_brl: 350,
      price_usd: 150,
      stock: 12,
      is_active: true,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products'));
    expect(router.state.location.search).toBe('?search=TG-CL');
  });

  it('shows why the server refused (a product that exists)', async () => {
    createReply = {
      status: 409,
      body: { code: 'PRODUCT_EXISTS', detail: 'Já existe um produto para este serviço neste país (WA-CL).' },
    };
    renderAt('/admin/products/new');
    const form = await screen.findByTestId('product-new-form');
    fireEvent.change(within(form).getByLabelText('Serviço'), { target: { value: 'wa' } });
    fireEvent.change(within(form).getByLabelText('País'), { target: { value: 'CL' } });
    fireEvent.change(within(form).getByLabelText('Preço em reais (R$)'), { target: { value: '5' } });
    fireEvent.change(within(form).getByLabelText('Preço em dólares (US$)'), { target: { value: '5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Criar produto' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('Já existe um produto');
  });
});

describe('categories screen', () => {
  it('lists the categories with their product counts, each opening its products', async () => {
    renderAt('/admin/products/categories');
    const rows = await screen.findAllByTestId('category-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('104');
    expect(
      within(rows[1]!).getByRole('link', { name: 'Ver produtos da categoria WhatsApp' }).getAttribute('href'),
    ).toBe('/admin/products?category=whatsapp');
  });
});
