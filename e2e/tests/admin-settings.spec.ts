import { expect, test } from '@playwright/test';
import { baseURL, E2E_ADMIN } from '../playwright.config.ts';
import { createUserAsAdmin, headers, STAFF_PASSWORD, signInViaApi, staffEmail } from './staff-support.ts';
import { presetLanguageAndConsent, seriousAxeViolations } from './support.ts';

test.describe('/admin/settings', () => {
  test('an ADMIN changes the top-up minimum in the browser and the store applies it at once', async ({
    page,
    browser,
  }) => {
    // The cookie banner answered, so it covers nothing the accessibility scan looks at.
    await presetLanguageAndConsent(page, 'pt');
    await signInViaApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/admin');
    await page.getByTestId('admin-menu-settings').click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Configurações' })).toBeVisible();
    await expect(page.getByLabel('Prazo da ativação (minutos)')).toHaveValue('20');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A bad value is explained next to its field, and nothing is sent.
    await page.getByLabel('Recarga mínima em reais (R$)').fill('9000');
    await page.getByLabel('Recarga máxima em reais (R$)').fill('100');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await expect(page.getByText('O mínimo não pode ser maior que o máximo.')).toBeVisible();

    await page.getByLabel('Recarga máxima em reais (R$)').fill('5000,00');
    await page.getByLabel('Recarga mínima em reais (R$)').fill('30,00');
    await page.getByLabel('Stripe: chave secreta').fill('sk_test_e2e_1234567890_abcd');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Configurações salvas' })).toBeVisible();
    await expect(page.getByText('Configurada (••••abcd)')).toBeVisible();
    await expect(page.getByLabel('Stripe: chave secreta')).toHaveValue('');

    // A customer's R$ 20,00 top-up is now below the minimum.
    const customer = await browser.newContext({ baseURL });
    const email = staffEmail('settings-buyer');
    expect(
      (
        await customer.request.post('/api/v1/auth/register', {
          headers,
          data: { email, password: STAFF_PASSWORD, preferred_language: 'pt-BR', preferred_currency: 'BRL' },
        })
      ).status(),
    ).toBe(201);
    await signInViaApi(customer.request, email, STAFF_PASSWORD);
    const low = await customer.request.post('/api/v1/wallets/payments/create-intent', {
      headers,
      data: { amount: 2_000, currency: 'BRL', method: 'pix' },
    });
    expect(low.status()).toBe(422);
    expect((await low.json()).detail).toContain('30,00');
    await customer.close();

    // Put the store back for the other specs.
    await page.getByLabel('Recarga mínima em reais (R$)').fill('5,00');
    await page.getByRole('button', { name: 'Remover' }).click();
    await expect(page.getByText('Configurada (••••abcd)')).toHaveCount(0);
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Configurações salvas' })).toBeVisible();
  });

  test('a MANAGER reads the settings in English and cannot change them', async ({ page }) => {
    await signInViaApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
    const email = staffEmail('settings-manager');
    await createUserAsAdmin(page.request, email, 'MANAGER');
    await page.request.post('/api/v1/auth/logout', { headers });
    await signInViaApi(page.request, email, STAFF_PASSWORD);
    await page.addInitScript(() => localStorage.setItem('numero.lang', 'en'));
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByText('Only administrators can change them.')).toBeVisible();
    await expect(page.getByLabel('Activation window (minutes)')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save settings' })).toHaveCount(0);
    const write = await page.request.put('/api/v1/admin/settings', {
      headers,
      data: { values: { activation_window_minutes: 30 } },
    });
    expect(write.status()).toBe(403);
  });
});
