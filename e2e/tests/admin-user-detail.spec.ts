import { expect, test } from '@playwright/test';
import { baseURL, E2E_ADMIN } from '../playwright.config.ts';
import { createUserAsAdmin, headers, STAFF_PASSWORD, signInViaApi, staffEmail } from './staff-support.ts';
import { seriousAxeViolations } from './support.ts';

test.describe('/admin/users/:id', () => {
  test('an ADMIN opens a customer, adjusts the balance with a reason, revokes a key and ends sessions', async ({
    page,
    browser,
  }) => {
    // A customer with a R$ 20,00 top-up, a signed-in session and an API key.
    const customer = await browser.newContext({ baseURL });
    const email = staffEmail('detail-buyer');
    const registered = await customer.request.post('/api/v1/auth/register', {
      headers,
      data: { email, password: STAFF_PASSWORD, preferred_language: 'pt-BR', preferred_currency: 'BRL' },
    });
    expect(registered.status()).toBe(201);
    await signInViaApi(customer.request, email, STAFF_PASSWORD);
    const intent = await customer.request.post('/api/v1/wallets/payments/create-intent', {
      headers,
      data: { amount: 2_000, currency: 'BRL', method: 'pix' },
    });
    expect(intent.status()).toBe(201);
    const paid = await customer.request.post(
      `/api/v1/wallets/payments/${(await intent.json()).id}/simulate`,
      {
        headers,
      },
    );
    expect(paid.ok()).toBe(true);
    // The sandbox pays through its signed webhook, a moment later.
    await expect
      .poll(async () => (await (await customer.request.get('/api/v1/wallets/BRL/balance')).json()).balance, {
        timeout: 10_000,
      })
      .toBe(2_000);
    const key = await customer.request.post('/api/v1/api-keys', { headers, data: { name: 'bot-e2e' } });
    expect(key.status()).toBe(201);

    await signInViaApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    await page.getByTestId('user-name').getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: email })).toBeVisible();
    await expect(page.getByTestId('balance-BRL')).toContainText('R$\u00a020,00');
    await expect(page.getByRole('heading', { name: 'Transações' })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Credit R$ 5,00: the reason is mandatory.
    await page.getByRole('button', { name: 'Ajustar saldo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajustar saldo' });
    await dialog.getByLabel('Valor').fill('5,00');
    await dialog.getByRole('button', { name: 'Aplicar ajuste' }).click();
    await expect(dialog.getByText('Informe o motivo (pelo menos 3 caracteres).')).toBeVisible();
    await dialog.getByLabel('Motivo').fill('Pagamento falhou e foi cobrado');
    await dialog.getByRole('button', { name: 'Aplicar ajuste' }).click();
    await expect(page.getByTestId('detail-notice')).toContainText('Novo saldo: R$\u00a025,00');
    await expect(page.getByTestId('balance-BRL')).toContainText('R$\u00a025,00');

    // A debit below zero is refused by the API and changes nothing.
    await page.getByRole('button', { name: 'Ajustar saldo' }).click();
    await dialog.getByLabel('Valor').fill('-100,00');
    await dialog.getByLabel('Motivo').fill('Teste de débito grande');
    await dialog.getByRole('button', { name: 'Aplicar ajuste' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByTestId('balance-BRL')).toContainText('R$\u00a025,00');

    // The customer sees the credit with a neutral description, never the reason.
    const history = await (await customer.request.get('/api/v1/wallets/transactions/all')).text();
    expect(history).toContain('Ajuste de saldo');
    expect(history).not.toContain('Pagamento falhou');

    await page.getByRole('button', { name: 'Revogar bot-e2e' }).click();
    await expect(page.getByText('Revogada')).toBeVisible();
    await page.getByRole('button', { name: 'Encerrar sessões' }).click();
    await expect(page.getByTestId('detail-notice')).toContainText('encerrada');
    expect((await customer.request.get('/api/v1/users/me')).status()).toBe(401);
    await customer.close();
  });

  test('a MANAGER reads a user’s detail in English without the write buttons', async ({ page }) => {
    await signInViaApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
    const managerEmail = staffEmail('detail-manager');
    const manager = await createUserAsAdmin(page.request, managerEmail, 'MANAGER');
    await page.request.post('/api/v1/auth/logout', { headers });
    await signInViaApi(page.request, managerEmail, STAFF_PASSWORD);
    await page.addInitScript(() => localStorage.setItem('numero.lang', 'en'));
    await page.goto(`/admin/users/${manager.id}`);
    await expect(page.getByRole('heading', { level: 1, name: managerEmail })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Audit trail' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Adjust balance' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'End sessions' })).toHaveCount(0);
  });
});
