import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { presetLanguageAndConsent, seriousAxeViolations, signedInCustomer } from './support.ts';

// Codes arrive 3-5 s after a number is assigned (playwright.config.ts), one per service.
const headers = { Origin: baseURL };
const balance = async (page: Page) =>
  (await (await page.request.get('/api/v1/wallets/BRL/balance')).json()).balance as number;

test.describe('several services on one number', () => {
  test.beforeEach(async ({ page }) => {
    await presetLanguageAndConsent(page, 'pt');
  });

  test('a WhatsApp and Telegram number: two activations, one number, each charged', async ({ page }) => {
    test.setTimeout(60_000);
    await signedInCustomer(page);
    const intent = await page.request.post('/api/v1/wallets/payments/create-intent', {
      headers,
      data: { amount: 2_000, currency: 'BRL', method: 'pix' },
    });
    const { id } = await intent.json();
    expect((await page.request.post(`/api/v1/wallets/payments/${id}/simulate`, { headers })).ok()).toBe(true);
    await expect.poll(() => balance(page), { timeout: 20_000 }).toBe(2_000);
    const priceOf = async (service: string) =>
      (await (await page.request.get(`/api/v1/catalog/products?service=${service}&country=BR`)).json())
        .items[0].price as number;
    const total = (await priceOf('wa')) + (await priceOf('tg'));

    await page.goto('/dashboard/products?category=whatsapp');
    await page.getByTestId('service-wa').click();
    await page
      .getByTestId('country-BR')
      .getByRole('button', { name: /^Comprar/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Adicionar outro serviço neste número' }).click();
    const extra = dialog.getByLabel('Outro serviço');
    await expect(extra.locator('option', { hasText: /^Telegram · / })).toHaveCount(1);
    const telegram = await extra.locator('option', { hasText: /^Telegram · / }).getAttribute('value');
    await extra.selectOption(telegram!);
    await expect(dialog.getByTestId('purchase-extra-service')).toHaveText([/^Telegram/]);
    expect(await seriousAxeViolations(page, ['[data-sonner-toaster]'])).toEqual([]);
    await dialog.getByRole('button', { name: 'Confirmar compra' }).click();

    await expect(page).toHaveURL(/\/dashboard\/activations\/[0-9a-f-]{36}$/);
    const number = await page.getByTestId('activation-number').textContent();
    await expect.poll(() => balance(page)).toBe(2_000 - total);
    await page.goto('/dashboard/orders');
    const rows = page.getByTestId('order-row');
    await expect(rows).toHaveCount(2);
    for (const row of await rows.all()) await expect(row).toContainText(number!);
    // Each service receives its own code on the shared number, and each is charged on its own.
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/api/v1/activations')).json()).items as { settled: string }[]).map(
            (a) => a.settled,
          ),
        { timeout: 20_000 },
      )
      .toEqual(['captured', 'captured']);
    expect(await balance(page)).toBe(2_000 - total);
  });
});
