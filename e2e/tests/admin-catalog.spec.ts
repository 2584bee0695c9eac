import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { baseURL, E2E_ADMIN } from '../playwright.config.ts';
import { presetLanguageAndConsent, seriousAxeViolations } from './support.ts';

// The staff screens for products and orders against the real store: the seeded admin edits the demo
// catalogue and acts on a customer's activation bought through the API (the simulator sends its SMS
// 3-5 s after a number is assigned, so the cancel has to come before that).
const PASSWORD = 'Numero-e2e-S3nha!';
const TOP_UP = 5_000;
const origin = { Origin: baseURL };
const brl = (cents: number) => `R$\u00a0${(cents / 100).toFixed(2).replace('.', ',')}`;
const STOCK_LABELS_PT = ['Sem estoque', 'Estoque baixo', 'Estoque médio', 'Em estoque'];
const STOCK_LABELS_EN = ['Out of stock', 'Low stock', 'Medium stock', 'In stock'];

async function signInAsAdmin(page: Page, button = 'Entrar') {
  await page.goto('/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel(/^(Senha|Password)$/).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: button, exact: true }).click();
  // Staff land on the admin area after signing in.
  await expect(page).toHaveURL(`${baseURL}/admin`);
}

/** Serious and critical axe findings (WCAG 2.2 AA and best practices), toasts excluded as elsewhere. */

/** A customer in a browser context of their own, signed in and with R$ 50,00 in the wallet. */
async function customerWithBalance(browser: Browser) {
  const context = await browser.newContext({ locale: 'pt-BR' });
  const page = await context.newPage();
  await presetLanguageAndConsent(page, 'pt');
  const email = `admin-e2e-buyer-${Date.now()}@e2e.numero.dev`;
  const registered = await page.request.post('/api/v1/auth/register', {
    headers: origin,
    data: { email, password: PASSWORD, preferred_language: 'pt-BR', preferred_currency: 'BRL' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const signedIn = await page.request.post('/api/v1/auth/login', {
    headers: origin,
    form: { username: email, password: PASSWORD },
  });
  expect(signedIn.status()).toBe(200);
  const intent = await page.request.post('/api/v1/wallets/payments/create-intent', {
    headers: origin,
    data: { amount: TOP_UP, currency: 'BRL', method: 'pix' },
  });
  expect(intent.status(), await intent.text()).toBe(201);
  const { id } = await intent.json();
  const paid = await page.request.post(`/api/v1/wallets/payments/${id}/simulate`, { headers: origin });
  expect(paid.ok(), await paid.text()).toBe(true);
  await expect.poll(() => balanceOf(page.request), { timeout: 20_000 }).toBe(TOP_UP);
  return { context, page, email };
}

async function balanceOf(request: APIRequestContext): Promise<number> {
  return (await (await request.get('/api/v1/wallets/BRL/balance')).json()).balance;
}

async function productBySku(request: APIRequestContext, sku: string) {
  const res = await request.get(`/api/v1/admin/products?search=${sku}`);
  expect(res.status()).toBe(200);
  return (await res.json())[0] as { id: number; price_brl: number; is_active: boolean; name: string };
}

async function buyWhatsAppBrazil(request: APIRequestContext): Promise<{ id: string; price: number }> {
  const products = await (await request.get('/api/v1/catalog/products?service=wa&country=BR')).json();
  const res = await request.post('/api/v1/activations', {
    headers: {
      ...origin,
      'Idempotency-Key': `admin-e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
    data: { product_id: products.items[0].id, currency: 'BRL' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

test.describe('admin products and orders', () => {
  test('products: real rows with stock labels, search, a new price the store shows, deactivation', async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    await presetLanguageAndConsent(page, 'pt');
    await signInAsAdmin(page);
    await page.goto('/admin/products');
    await expect(page.getByRole('heading', { level: 1, name: 'Produtos' })).toBeVisible();
    const rows = page.getByTestId('product-row');
    await expect(rows).toHaveCount(20);
    await expect(page.getByTestId('summary-total')).toContainText('182');
    for (const label of await page.getByTestId('stock-label').allTextContents())
      expect(STOCK_LABELS_PT).toContain(label);
    await expect(page.getByRole('link', { name: 'Novo produto' })).toHaveAttribute(
      'href',
      '/admin/products/new',
    );
    await expect(page.getByRole('link', { name: 'Categorias' })).toHaveAttribute(
      'href',
      '/admin/products/categories',
    );
    await expect(page.getByTestId('list-total')).toHaveText(/^182 produtos · Página 1 de 10$/);
    expect(await seriousAxeViolations(page, ['[data-sonner-toaster]'])).toEqual([]);

    // Search: WhatsApp and WhatsApp Business in all 13 countries.
    await page.getByLabel('Buscar').fill('WhatsApp');
    await expect(page).toHaveURL(/search=WhatsApp/);
    await expect(page.getByTestId('list-total')).toHaveText(/^26 produtos/);
    for (const text of await rows.allTextContents()) expect(text).toContain('WhatsApp');

    // A new price for WhatsApp Business in Germany (no other test buys it), restored at the end.
    const before = await productBySku(page.request, 'WB-DE');
    const newPrice = before.price_brl + 123;
    const row = page.locator('[data-testid="product-row"][data-sku="WB-DE"]');
    await row.getByRole('button', { name: `Editar ${before.name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Preço em reais (R$)').fill((newPrice / 100).toFixed(2).replace('.', ','));
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Produto atualizado.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId('price-brl')).toHaveText(brl(newPrice));

    // A customer's buy page shows the new price.
    const customer = await customerWithBalance(browser);
    await customer.page.goto('/dashboard/products?service=wb');
    // The list draws only the rows near the screen: the country is found by its name.
    await customer.page.getByLabel('Buscar país').fill('alemanha');
    await expect(customer.page.getByTestId('country-DE')).toContainText(brl(newPrice));

    // Deactivated: marked inactive here, and the store refuses to sell it.
    await row.getByRole('button', { name: `Desativar ${before.name}` }).click();
    await expect(row.getByTestId('product-status')).toHaveText('Inativo');
    const refused = await customer.page.request.post('/api/v1/activations', {
      headers: { ...origin, 'Idempotency-Key': `admin-e2e-inactive-${Date.now()}` },
      data: { product_id: before.id, currency: 'BRL' },
    });
    expect(refused.status()).toBe(422);
    expect((await refused.json()).code).toBe('PRODUCT_UNAVAILABLE');
    expect(await balanceOf(customer.page.request)).toBe(TOP_UP);
    await page.getByLabel('Status').selectOption('inactive');
    await expect(page).toHaveURL(/status=inactive/);
    await expect(rows.filter({ hasText: 'Alemanha' })).toHaveCount(1);

    // Back on sale, at its old price, for whatever runs next.
    await page.getByRole('button', { name: `Ativar ${before.name}` }).click();
    await expect(page.getByText(`${before.name} ativado.`)).toBeVisible();
    const restored = await page.request.patch(`/api/v1/admin/products/${before.id}`, {
      headers: origin,
      data: { price_brl: before.price_brl },
    });
    expect(restored.status()).toBe(200);
    await customer.context.close();
  });

  test("orders: a customer's activation, cancelled with a refund; another finished with its code", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await presetLanguageAndConsent(page, 'pt');
    const customer = await customerWithBalance(browser);
    await signInAsAdmin(page);
    const search = `/admin/orders?search=${encodeURIComponent(customer.email)}`;
    await page.goto(search);
    await expect(page.getByText('Nenhum pedido encontrado')).toBeVisible();

    // The code arrives 3-5 s after the purchase; should it win the race, that order serves the finish
    // step below and another purchase is cancelled.
    let withCode: string | null = null;
    let captured = 0;
    let cancelled: { id: string; price: number } | null = null;
    for (let attempt = 0; attempt < 3 && !cancelled; attempt++) {
      const bought = await buyWhatsAppBrazil(customer.page.request);
      await page.goto(search);
      const row = page.locator(`[data-testid="admin-order-row"][data-id="${bought.id}"]`);
      await expect(row).toBeVisible();
      const cancel = row.getByRole('button', { name: /^Cancelar e reembolsar o pedido/ });
      if (!(await cancel.isVisible())) {
        withCode = bought.id;
        captured += bought.price;
        continue;
      }
      await cancel.click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(brl(bought.price));
      await dialog.getByRole('button', { name: 'Sim, cancelar e reembolsar' }).click();
      const outcome = await Promise.race([
        dialog.waitFor({ state: 'hidden' }).then(() => 'done' as const),
        dialog
          .getByRole('alert')
          .waitFor()
          .then(() => 'late' as const),
      ]);
      if (outcome === 'late') {
        withCode = bought.id;
        captured += bought.price;
        await dialog.getByRole('button', { name: 'Manter pedido' }).click();
        continue;
      }
      cancelled = bought;
      await expect(row.getByTestId('activation-status')).toHaveText('Cancelada');
      await expect(row.getByTestId('payment-status')).toHaveText('Reembolsado');
      await expect(row.getByRole('button')).toHaveCount(0);
    }
    expect(cancelled, 'an activation cancelled before its code').not.toBeNull();
    // The cancelled order's price came back; an order whose code won the race keeps its price.
    await expect.poll(() => balanceOf(customer.page.request)).toBe(TOP_UP - captured);
    expect(await seriousAxeViolations(page, ['[data-sonner-toaster]'])).toEqual([]);

    // Another order: the list refreshes by itself until the code shows, then the admin finishes it.
    const second = withCode ? { id: withCode, price: 0 } : await buyWhatsAppBrazil(customer.page.request);
    captured += second.price;
    await page.goto(search);
    const row = page.locator(`[data-testid="admin-order-row"][data-id="${second.id}"]`);
    await expect(row.getByTestId('activation-status')).toHaveText('Código recebido', { timeout: 20_000 });
    await expect(row.getByTestId('payment-status')).toHaveText('Pago');
    await expect(row.getByTestId('order-code')).toHaveText(/^\d{4,8}$/);
    await row.getByRole('button', { name: /^Concluir o pedido/ }).click();
    await expect(row.getByTestId('activation-status')).toHaveText('Concluída');
    await expect.poll(() => balanceOf(customer.page.request)).toBe(TOP_UP - captured);

    // Filters and the CSV of the filtered list.
    await page.getByLabel('Pagamento').selectOption('refunded');
    await expect(page).toHaveURL(/payment_status=refunded/);
    await expect(page.getByTestId('admin-order-row')).toHaveCount(1);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('orders-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^pedidos-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await (await download.createReadStream()).toArray();
    const text = Buffer.concat(csv).toString('utf8');
    expect(text).toContain(cancelled!.id);
    expect(text).toContain(customer.email);
    expect(text).not.toContain(second.id);
    await customer.context.close();
  });

  test('in English, at 360 px wide, without accessibility problems', async ({ page }) => {
    await presetLanguageAndConsent(page, 'en');
    await page.setViewportSize({ width: 360, height: 780 });
    await signInAsAdmin(page, 'Sign in');
    await page.goto('/admin/products');
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    await expect(page.getByTestId('product-row')).toHaveCount(20);
    for (const label of await page.getByTestId('stock-label').allTextContents())
      expect(STOCK_LABELS_EN).toContain(label);
    await expect(page.getByRole('link', { name: 'New product' })).toBeVisible();
    await expect(page.getByText('Low stock').first()).toBeVisible();
    // A phone gets one card per product, its prices in sight; the page does not scroll sideways.
    const cards = page.getByRole('list', { name: 'Product list' });
    await expect(cards.getByTestId('product-row')).toHaveCount(20);
    const price = (await cards.getByTestId('price-usd').first().boundingBox())!;
    expect(price.x + price.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousAxeViolations(page, ['[data-sonner-toaster]'])).toEqual([]);

    await page.goto('/admin/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    // The link reads as its text; the title says what it exports.
    const exportLink = page.getByRole('link', { name: 'Export CSV' });
    await expect(exportLink).toBeVisible();
    await expect(exportLink).toHaveAttribute('title', 'Export the filtered list as CSV');
    await expect(page.getByLabel('Payment')).toBeVisible();
    await expect(page.getByTestId('summary-total')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousAxeViolations(page, ['[data-sonner-toaster]'])).toEqual([]);
  });
});
