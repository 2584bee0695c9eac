import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { SessionProvider } from '../../lib/session/session.tsx';
import { json, renderRoutes } from '../../testing/render-routes.tsx';
import { AdminPricingPage } from './admin-pricing-page.tsx';

const admin = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'admin@numero.test',
  role: 'ADMIN',
  roles: ['ADMIN'],
  is_active: true,
  preferred_language: 'pt-BR',
  preferred_currency: 'BRL',
  profile: { full_name: 'Administrador', phone_number: null },
  created_at: '2025-01-01T00:00:00.000Z',
};
const product = { id: 7, sku: 'DS-PH', name: 'Discord', service_code: 'ds', price_brl: 500, price_usd: 100 };
const options = {
  categories: [],
  services: [{ code: 'ds', name: 'Discord', category: 'sms', is_active: true }],
  countries: [{ code: 'PH', name: 'Filipinas', is_active: true }],
};

let writes: { method: string; path: string; body: unknown }[];

beforeEach(async () => {
  await i18n.changeLanguage('pt');
  writes = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const url = new URL(String(input));
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      if (method !== 'GET') writes.push({ method, path: url.pathname, body });
      switch (url.pathname) {
        case '/api/v1/users/me':
          return json(admin);
        case '/api/v1/admin/products/options':
          return json(options);
        case '/api/v1/admin/sms/providers':
          return json({ providers: [{ name: 'simulator' }, { name: 'grizzly' }] });
        case '/api/v1/admin/pricing/rules':
          return method === 'GET' ? json({ rules: [] }) : json({ id: 1 }, 201);
        case '/api/v1/admin/pricing/preview':
          return json({ currency: 'BRL', changes: [], unchanged: 1, without_cost: 0, applied: false });
        case '/api/v1/admin/products':
          return json([product], 200, { 'X-Total-Count': '1' });
        case '/api/v1/admin/products/7/costs':
          return json(
            method === 'GET' ? { costs: [{ provider: 'simulator', currency: 'BRL', cost: 250 }] } : body,
          );
        default:
          return json({ code: 'NOT_FOUND', detail: 'Recurso não encontrado.' }, 404);
      }
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The app's admin guard shows the page once the session is known; rendered bare, the test waits
// for it itself (the rule's save button appears only to a signed-in admin).
const renderPage = async () => {
  renderRoutes(
    [
      {
        path: '/admin/products/pricing',
        element: (
          <SessionProvider>
            <AdminPricingPage />
          </SessionProvider>
        ),
      },
    ],
    '/admin/products/pricing',
  );
  await screen.findByRole('button', { name: 'Salvar como regra' });
};

describe('/admin/products/pricing forms', () => {
  it('refuses a markup or a floor the contract refuses, then previews and saves the rule', async () => {
    await renderPage();
    const form = await screen.findByRole('form', { name: 'Regras de preço' });
    fireEvent.change(within(form).getByLabelText('Margem (%)'), { target: { value: '1000,5' } });
    fireEvent.change(within(form).getByLabelText('Preço mínimo'), { target: { value: '5,999' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Ver prévia' }));
    expect((await within(form).findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      'Informe uma margem de 0 a 1000 %, com até duas casas decimais.',
      'Informe um preço mínimo válido, ex.: 5,00.',
    ]);
    expect(writes).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Margem (%)'), { target: { value: '12,5' } });
    fireEvent.change(within(form).getByLabelText('Preço mínimo'), { target: { value: '6' } });
    await within(form).findByRole('option', { name: 'Discord' });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Serviço' }), { target: { value: 'ds' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Final do preço' }), {
      target: { value: '99' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Ver prévia' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    const rule = { currency: 'BRL', markup_percent: 12.5, service: 'ds', ending: 99, floor: 600 };
    expect(writes[0]).toEqual({ method: 'POST', path: '/api/v1/admin/pricing/preview', body: rule });

    fireEvent.click(within(form).getByLabelText('Aplicar automaticamente após cada sincronização de custos'));
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar como regra' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]).toEqual({
      method: 'POST',
      path: '/api/v1/admin/pricing/rules',
      body: { ...rule, auto_apply: true },
    });
    // The preview on screen was made with this rule; changing the rule takes it away.
    await screen.findByTestId('pricing-summary');
    fireEvent.change(within(form).getByLabelText('Margem (%)'), { target: { value: '20' } });
    await waitFor(() => expect(screen.queryByTestId('pricing-summary')).toBeNull());
  });

  it('saves a product’s costs only when every one typed is a price', async () => {
    await renderPage();
    fireEvent.change(await screen.findByLabelText('SKU do produto'), { target: { value: 'ds-ph' } });
    fireEvent.click(screen.getByRole('button', { name: 'Abrir custos' }));
    const costs = await screen.findByTestId('costs-editor');
    const brl = within(costs).getByLabelText<HTMLInputElement>('Simulador · BRL (DS-PH)');
    expect(brl.value).toBe('2,50');
    fireEvent.change(within(costs).getByLabelText('grizzly · USD (DS-PH)'), { target: { value: '1,2,3' } });
    fireEvent.click(within(costs).getByRole('button', { name: 'Salvar custos' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Informe custos válidos, ex.: 3,50.');
    expect(writes).toHaveLength(0);

    fireEvent.change(within(costs).getByLabelText('grizzly · USD (DS-PH)'), { target: { value: '0.45' } });
    fireEvent.change(brl, { target: { value: '' } });
    fireEvent.change(within(costs).getByLabelText('grizzly · BRL (DS-PH)'), { target: { value: 'R$ 2,30' } });
    fireEvent.click(within(costs).getByRole('button', { name: 'Salvar custos' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'PUT',
      path: '/api/v1/admin/products/7/costs',
      body: {
        costs: [
          { provider: 'grizzly', currency: 'BRL', cost: 230 },
          { provider: 'grizzly', currency: 'USD', cost: 45 },
        ],
      },
    });
  });
});
