import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { presetLanguageAndConsent, seriousAxeViolations, signedInCustomer } from './support.ts';

// The simulator sells a number again for two hours after its first SMS (providers/numbers/simulator.ts);
// codes arrive 3-5 s after a number is assigned (playwright.config.ts).
const headers = { Origin: baseURL };

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
const balance = async (page: Page) =>
  (await (await page.request.get('/api/v1/wallets/BRL/balance')).json()).balance as number;

test.describe('the same number again', () => {
  test.beforeEach(async ({ page }) => {
    await presetLanguageAndConsent(page, 'pt');
  });

  test('buy again on the same number, from the activation page and from the order history', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signedInCustomer(page);
    await topUp(page, 2_000);
    const products = await (await page.request.get('/api/v1/catalog/products?service=wa&country=BR')).json();
    const wa = products.items[0] as { id: number; price: number };
    const bought = await page.request.post('/api/v1/activations', {
      headers: { ...headers, 'Idempotency-Key': `e2e-reuse-${Date.now()}` },
      data: { product_id: wa.id, currency: 'BRL' },
    });
    expect(bought.status(), await bought.text()).toBe(201);
    const first = await bought.json();

    await page.goto(`/dashboard/activations/${first.id}`);
    await expect(page.getByTestId('activation-code')).toHaveText(/^\d+$/, { timeout: 15_000 });
    const number = await page.getByTestId('activation-number').textContent();
    await page.getByRole('button', { name: 'Usar este número de novo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Usar este número de novo' });
    // The price before anything is charged.
    await expect(dialog.getByTestId('reuse-price')).toHaveText(/^R\$\s5,00$/);
    expect(await balance(page)).toBe(2_000 - wa.price);
    expect(await seriousAxeViolations(page, ['[data-sonner-toaster]'])).toEqual([]);
    await dialog.getByTestId('reuse-confirm').click();

    await expect(page).not.toHaveURL(new RegExp(first.id));
    await expect(page).toHaveURL(/\/dashboard\/activations\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('activation-number')).toHaveText(number!);
    await expect(page.getByTestId('activation-code')).toHaveText(/^\d+$/, { timeout: 15_000 });
    await expect.poll(() => balance(page)).toBe(2_000 - 2 * wa.price);

    // From the order history: the newest order's "use again" gives the same number a third time.
    await page.goto('/dashboard/orders');
    const rows = page.getByTestId('order-row');
    await expect(rows).toHaveCount(2);
    await rows.first().getByRole('button', { name: 'Usar este número de novo' }).click();
    await page.getByRole('dialog').getByTestId('reuse-confirm').click();
    await expect(page).toHaveURL(/\/dashboard\/activations\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('activation-number')).toHaveText(number!);
    await expect.poll(() => balance(page)).toBe(2_000 - 3 * wa.price);
    // Cancelled before its code, the reused number is refunded like any purchase.
    await page.getByRole('button', { name: 'Cancelar e reembolsar' }).click();
    await page.getByRole('button', { name: 'Sim, cancelar' }).click();
    await expect(page.getByTestId('activation-settled')).toContainText('voltou para o seu saldo');
    await expect.poll(() => balance(page)).toBe(2_000 - 2 * wa.price);
  });

  test('a number that never received its code cannot be used again, in plain words', async ({ page }) => {
    await signedInCustomer(page);
    await topUp(page, 1_000);
    const products = await (await page.request.get('/api/v1/catalog/products?service=tg&country=BR')).json();
    const bought = await page.request.post('/api/v1/activations', {
      headers: { ...headers, 'Idempotency-Key': `e2e-noreuse-${Date.now()}` },
      data: { product_id: products.items[0].id, currency: 'BRL' },
    });
    const waiting = await bought.json();
    await page.goto(`/dashboard/activations/${waiting.id}`);
    await expect(page.getByTestId('activation-number')).toBeVisible();
    // No offer before the code: the button shows only on a number that received one.
    await expect(page.getByRole('button', { name: 'Usar este número de novo' })).toHaveCount(0);
    const refused = await page.request.post(`/api/v1/activations/${waiting.id}/reuse`, {
      headers: { ...headers, 'Idempotency-Key': `e2e-noreuse-2-${Date.now()}` },
    });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).code).toBe('REUSE_NOT_ALLOWED');
  });
});
