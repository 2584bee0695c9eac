import type { CurrentUser } from '@numero/contract/account';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { JsonBodyType } from 'msw';
import { HttpResponse, http } from 'msw/http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { SessionProvider, useSession } from '../../lib/session/session.tsx';
import { toast } from '../../lib/toast.ts';
import { problem, signedIn, user } from '../../testing/handlers.ts';
import { renderRoutes } from '../../testing/render-routes.tsx';
import { server } from '../../testing/server.ts';
import { AdminPricingPage } from './admin-pricing-page.tsx';

vi.mock('../../lib/toast.ts', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

const admin = user({
  email: 'admin@numero.test',
  role: 'ADMIN',
  profile: { full_name: 'Administrador', phone_number: null },
});
const manager = user({ ...admin, email: 'gerente@numero.test', role: 'MANAGER', roles: ['MANAGER'] });
const product = { id: 7, sku: 'DS-PH', name: 'Discord', service_code: 'ds', price_brl: 500, price_usd: 100 };
const options = {
  categories: [],
  services: [{ code: 'ds', name: 'Discord', category: 'sms', is_active: true }],
  countries: [{ code: 'PH', name: 'Filipinas', is_active: true }],
};

const nothingImported = {
  providers: [{ provider: 'simulator', offers: 120, error: null }],
  new_services: 0,
  new_countries: 0,
  new_products: 0,
  costs_changed: 0,
  stock_changed: 0,
  withdrawn: 0,
  relisted: 0,
  paused: 0,
  unpaused: 0,
  skipped: 0,
};

let writes: { method: string; path: string; body: unknown }[];
let me: CurrentUser;
// What POST /api/v1/admin/catalog/import answers; a test may hold it back to see the button busy.
let importAnswer: () => Promise<Response>;
let rulesReads: number;

beforeEach(async () => {
  await i18n.changeLanguage('pt');
  writes = [];
  me = admin;
  importAnswer = async () => HttpResponse.json(nothingImported);
  rulesReads = 0;
  vi.mocked(toast.error).mockClear();
  // Records what a write sent, then answers it.
  const recorded =
    (answer: (body: JsonBodyType) => Response | Promise<Response>) =>
    async ({ request }: { request: Request }) => {
      const text = await request.text();
      const body = text ? JSON.parse(text) : undefined;
      writes.push({ method: request.method, path: new URL(request.url).pathname, body });
      return answer(body);
    };
  server.use(
    signedIn(() => me),
    http.get('/api/v1/admin/products/options', () => HttpResponse.json(options)),
    http.get('/api/v1/admin/sms/providers', () =>
      HttpResponse.json({ providers: [{ name: 'simulator' }, { name: 'grizzly' }] }),
    ),
    http.get('/api/v1/admin/pricing/rules', () => {
      rulesReads++;
      return HttpResponse.json({ rules: [] });
    }),
    http.post(
      '/api/v1/admin/pricing/rules',
      recorded(() => HttpResponse.json({ id: 1 }, { status: 201 })),
    ),
    http.post(
      '/api/v1/admin/catalog/import',
      recorded(() => importAnswer()),
    ),
    http.post(
      '/api/v1/admin/pricing/preview',
      recorded(() =>
        HttpResponse.json({ currency: 'BRL', changes: [], unchanged: 1, without_cost: 0, applied: false }),
      ),
    ),
    http.get('/api/v1/admin/products', () =>
      HttpResponse.json([product], { headers: { 'X-Total-Count': '1' } }),
    ),
    http.get('/api/v1/admin/products/7/costs', () =>
      HttpResponse.json({ costs: [{ provider: 'simulator', currency: 'BRL', cost: 250 }] }),
    ),
    http.put(
      '/api/v1/admin/products/7/costs',
      recorded((body) => HttpResponse.json(body)),
    ),
  );
});

afterEach(cleanup);

function SessionStatus() {
  return <p data-testid="session-status">{useSession().status}</p>;
}

// The app's admin guard shows the page once the session is known; rendered bare, the test waits
// for it itself (the rule's save button appears only to a signed-in admin).
const renderPage = async () => {
  renderRoutes(
    [
      {
        path: '/admin/products/pricing',
        element: (
          <SessionProvider>
            <SessionStatus />
            <AdminPricingPage />
          </SessionProvider>
        ),
      },
    ],
    '/admin/products/pricing',
  );
  // Six requests leave on mount; on a busy machine the session's may come back after a second.
  await waitFor(() => expect(screen.getByTestId('session-status').textContent).toBe('authenticated'), {
    timeout: 3_000,
  });
  if (me.role === 'ADMIN') await screen.findByRole('button', { name: 'Salvar como regra' });
};

const itemsOf = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent);

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

describe('/admin/products/pricing catalogue import', () => {
  it('lets an ADMIN import the catalogue and shows what changed, per seller and in counts', async () => {
    let answer!: (response: Response) => void;
    importAnswer = () => new Promise((resolve) => (answer = resolve));
    await renderPage();
    expect(
      screen.getByText(/Importar o catálogo lê a lista completa de cada fornecedor/).textContent,
    ).toContain('a cada hora, e os itens novos chegam desativados para você revisar');
    await waitFor(() => expect(rulesReads).toBe(1));

    fireEvent.click(screen.getByRole('button', { name: 'Importar catálogo agora' }));
    const busy = await screen.findByRole<HTMLButtonElement>('button', { name: 'Importando catálogo...' });
    expect(busy.disabled).toBe(true);
    expect(writes).toEqual([{ method: 'POST', path: '/api/v1/admin/catalog/import', body: undefined }]);

    answer(
      HttpResponse.json({
        providers: [
          { provider: 'simulator', offers: 120, error: null },
          { provider: 'grizzly', offers: 0, error: 'tempo esgotado' },
        ],
        new_services: 1,
        new_countries: 0,
        new_products: 12,
        costs_changed: 40,
        stock_changed: 1,
        withdrawn: 2,
        relisted: 0,
        paused: 1,
        unpaused: 0,
        skipped: 3,
      }),
    );
    const result = await screen.findByRole('region', { name: 'Resultado da importação' });
    expect(itemsOf(within(result).getByTestId('catalog-import-sellers'))).toEqual([
      'Simulador: 120 ofertas',
      'grizzly: não foi possível ler a lista (tempo esgotado). A última lista lida foi mantida.',
    ]);
    expect(itemsOf(within(result).getByTestId('catalog-import-changes'))).toEqual([
      '1 serviço novo',
      '12 produtos novos',
      '40 custos alterados',
      'Estoque atualizado em 1 produto',
      '2 produtos retirados (nenhum fornecedor os oferece)',
      '1 produto pausado (custo acima do preço)',
    ]);
    within(result).getByText('3 ofertas ignoradas: país desconhecido ou moeda sem cotação.');
    expect(screen.getByRole('button', { name: 'Importar catálogo agora' })).toBeTruthy();
    // The products (and the rules, kept under the same key) are read again.
    await waitFor(() => expect(rulesReads).toBe(2));

    // A run that changed nothing says so.
    importAnswer = async () => HttpResponse.json(nothingImported);
    fireEvent.click(screen.getByRole('button', { name: 'Importar catálogo agora' }));
    await screen.findByText('Nada mudou.');
    const again = screen.getByRole('region', { name: 'Resultado da importação' });
    expect(itemsOf(within(again).getByTestId('catalog-import-sellers'))).toEqual(['Simulador: 120 ofertas']);
    expect(within(again).queryByTestId('catalog-import-changes')).toBeNull();

    fireEvent.click(within(again).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Resultado da importação' })).toBeNull());
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('shows a MANAGER neither the import nor the costs sync', async () => {
    me = manager;
    await renderPage();
    await screen.findByText(/Só um administrador pode alterá-las ou aplicá-las/);
    expect(screen.queryByRole('button', { name: 'Importar catálogo agora' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sincronizar custos agora' })).toBeNull();
    expect(screen.queryByText(/Importar o catálogo lê a lista completa/)).toBeNull();
  });

  it('tells the API’s reason in a toast when the import fails', async () => {
    importAnswer = async () => problem(502, 'UPSTREAM_UNAVAILABLE', 'Nenhum fornecedor respondeu.');
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Importar catálogo agora' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Nenhum fornecedor respondeu.'));
    expect(screen.queryByRole('region', { name: 'Resultado da importação' })).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Importar catálogo agora' }).disabled).toBe(
      false,
    );
  });
});
