import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { presetLanguageAndConsent, seriousAxeViolations, signedInCustomer } from './support.ts';

// The simulator sells Brazilian numbers of vivo, claro, tim and oi (providers/numbers/simulator-operators.ts).
const headers = { Origin: baseURL };

test.describe('operator choice', () => {
  test.beforeEach(async ({ page }) => {
    await presetLanguageAndConsent(page, 'pt');
  });

  test('buy a WhatsApp number for Brazil from Vivo and see the operator in the order', async ({ page }) => {
    test.setTimeout(60_000);
    await signedInCustomer(page);
    const intent = await page.request.post('/api/v1/wallets/payments/create-intent', {
      headers,
      data: { amount: 2_000, currency: 'BRL', method: 'pix' },
    });
    expect(intent.status(), await intent.text()).toBe(201);
    const { id } = await intent.json();
    expect((await page.request.post(`/api/v1/wallets/payments/${id}/simulate`, { headers })).ok()).toBe(true);
    await expect
      .poll(async () => (await (await page.request.get('/api/v1/wallets/BRL/balance')).json()).balance, {
        timeout: 20_000,
      })
      .toBe(2_000);

    await page.goto('/dashboard/products?category=whatsapp');
    await page.getByTestId('service-wa').click();
    await page
      .getByTestId('country-BR')
      .getByRole('button', { name: /^Comprar/ })
      .click();
    const dialog = page.getByRole('dialog');
    const operator = dialog.getByLabel('Operadora');
    await expect(operator).toHaveValue('');
    await expect(operator.locator('option')).toHaveText(['Qualquer operadora', 'Claro', 'Oi', 'TIM', 'Vivo']);
    await operator.selectOption('vivo');
    expect(await seriousAxeViolations(page, ['[data-sonner-toaster]'])).toEqual([]);
    await dialog.getByRole('button', { name: 'Confirmar compra' }).click();

    await expect(page).toHaveURL(/\/dashboard\/activations\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('activation-number')).toHaveText(/^\+55 \d{2} \d{4,5}-\d{4}$/);
    await expect(page.getByTestId('activation-operator')).toHaveText('Vivo');
    const activationId = page.url().split('/').at(-1);
    const order = await (await page.request.get(`/api/v1/activations/${activationId}`)).json();
    expect(order).toMatchObject({ operator: 'vivo', price: 500 });
    await expect
      .poll(async () => (await (await page.request.get('/api/v1/wallets/BRL/balance')).json()).balance)
      .toBe(1_500);
  });
});
