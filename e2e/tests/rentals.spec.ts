import { expect, type Page, test } from '@playwright/test';
import { baseURL, E2E_ADMIN } from '../playwright.config.ts';
import { signInViaApi } from './staff-support.ts';
import { presetLanguageAndConsent, seriousAxeViolations, signedInCustomer } from './support.ts';

// WhatsApp · Brasil sells at R$ 5,00; a 4 h rental is 300 % of it, 12 h 500 % (rental-rules.ts).
// The simulator sends a rental an SMS every 6-10 s with the e2e store's 3-5 s delays.
const headers = { Origin: baseURL };
const balance = async (page: Page) =>
  (await (await page.request.get('/api/v1/wallets/BRL/balance')).json()).balance as number;

async function topUp(page: Page, amount: number) {
  const intent = await page.request.post('/api/v1/wallets/payments/create-intent', {
    headers,
    data: { amount, currency: 'BRL', method: 'pix' },
  });
  expect(intent.status(), await intent.text()).toBe(201);
  const { id } = await intent.json();
  expect((await page.request.post(`/api/v1/wallets/payments/${id}/simulate`, { headers })).ok()).toBe(true);
  await expect.poll(() => balance(page), { timeout: 20_000 }).toBe(amount);
}

/** Opens the purchase dialog of WhatsApp · Brasil, switches it to "Locação" and rents for 4 h. */
async function rentWhatsApp(page: Page) {
  await page.goto('/dashboard/products?category=whatsapp');
  await page.getByTestId('service-wa').click();
  await page
    .getByTestId('country-BR')
    .getByRole('button', { name: /^Comprar/ })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Locação/).check();
  await expect(dialog.getByTestId('rent-price')).toHaveText('R$ 15,00');
  await expect(dialog.getByTestId('rent-rules')).toContainText(
    'Reembolso total se você cancelar em até 20 minutos',
  );
  await dialog.getByTestId('rent-submit').click();
  await expect(page).toHaveURL(/\/dashboard\/rentals\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('rental-phone')).toHaveText(/^\+55 \d{2} \d{4,5}-\d{4}$/);
}

test.describe('rentals', () => {
  test.beforeEach(async ({ page }) => {
    await presetLanguageAndConsent(page, 'pt');
  });

  test('rent, receive two SMS live, extend, then cancel another in the window with the refund shown', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signedInCustomer(page);
    await topUp(page, 10_000);

    await rentWhatsApp(page);
    await expect(page.getByTestId('rental-refund-rule')).toBeVisible();
    // Two SMS arrive on the open page without a reload, each with its code picked out.
    await expect(page.getByTestId('rental-sms')).toHaveCount(2, { timeout: 45_000 });
    await expect(page.getByTestId('rental-sms-code').first()).toHaveText(/^\d{6}$/);
    await expect(page.getByTestId('rental-cancel')).toHaveCount(0);
    expect(await seriousAxeViolations(page, ['[data-sonner-toaster]'])).toEqual([]);
    expect(await balance(page)).toBe(10_000 - 1_500);

    const endsBefore = await page.getByTestId('rental-ends-at').textContent();
    await page.getByTestId('rental-extend').click();
    const extend = page.getByRole('dialog');
    await extend.getByLabel('Por quanto tempo').selectOption('12');
    await expect(extend.getByTestId('extend-price')).toHaveText('R$ 25,00');
    await extend.getByTestId('extend-confirm').click();
    await expect(page.getByText(/Locação prorrogada até/)).toBeVisible();
    await expect(page.getByTestId('rental-ends-at')).not.toHaveText(endsBefore ?? '');
    await expect(page.getByTestId('rental-paid')).toHaveText('R$ 40,00');
    await expect.poll(() => balance(page)).toBe(10_000 - 4_000);

    // A second rental, cancelled before its first SMS: everything back, and the page says so.
    await rentWhatsApp(page);
    await expect.poll(() => balance(page)).toBe(6_000 - 1_500);
    await page.getByTestId('rental-cancel').click();
    await expect(page.getByText('Locação cancelada. R$ 15,00 voltou para o seu saldo.')).toBeVisible();
    await expect(page.getByText('Cancelada', { exact: true })).toBeVisible();
    await expect(page.getByTestId('header-balance')).toContainText('60,00');
    expect(await balance(page)).toBe(6_000);

    await page.goto('/dashboard/rentals');
    await expect(page.getByRole('heading', { name: 'Minhas locações' })).toBeVisible();
    await expect(page.getByTestId('rentals-list').getByRole('listitem')).toHaveCount(2);
  });

  test('staff reach the rentals from the orders screen and filter them by status', async ({ page }) => {
    test.setTimeout(60_000);
    const email = await signedInCustomer(page);
    await topUp(page, 2_000);
    // The customer's side is the test above: here the rental is made through the API.
    const products = await (await page.request.get('/api/v1/catalog/products?service=wa&country=BR')).json();
    const rented = await page.request.post('/api/v1/rentals', {
      headers: { ...headers, 'Idempotency-Key': `staff-rent-${Date.now()}` },
      data: { product_id: products.items[0].id, currency: 'BRL', hours: 4 },
    });
    expect(rented.status(), await rented.text()).toBe(201);
    await page.request.post('/api/v1/auth/logout', { headers });

    await signInViaApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/admin/orders');
    await page.getByTestId('orders-rentals').click();
    await expect(page).toHaveURL(/\/admin\/rentals$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Locações' })).toBeVisible();
    const table = page.getByTestId('admin-rentals-table');
    await expect(table.getByRole('link', { name: email })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByLabel('Status').selectOption('finished');
    await expect(page).toHaveURL(/status=finished/);
    // Other specs' rentals may have finished on this store: only the customer's running one must go.
    await expect(page.getByRole('link', { name: email })).toHaveCount(0);
    await expect(
      table.or(page.getByText('Nenhuma locação nesta situação.', { exact: false })).first(),
    ).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'Ativa' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Limpar filtro' }).click();
    await expect(table.getByRole('link', { name: email })).toBeVisible();
  });
});
