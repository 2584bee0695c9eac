import { expect, test } from '@playwright/test';
import { baseURL, E2E_ADMIN } from '../playwright.config.ts';
import { createUserAsAdmin, headers, STAFF_PASSWORD, signInViaApi, staffEmail } from './staff-support.ts';
import { presetLanguageAndConsent } from './support.ts';

// Bulk pricing: a rule over the upstream cost, previewed product by product, then applied.
test('an admin previews a pricing rule (old → new) and applies it; the product list shows the new price', async ({
  page,
}) => {
  await presetLanguageAndConsent(page, 'pt');
  await signInViaApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  const product = (await (await page.request.get('/api/v1/admin/products?search=DS-PH')).json())[0] as {
    id: number;
    price_brl: number;
  };

  await page.goto('/admin/products');
  await page.getByRole('link', { name: 'Regras de preço' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Regras de preço' })).toBeVisible();

  // The upstream cost, typed on the same page.
  await page.getByLabel('SKU do produto').fill('ds-ph');
  await page.getByRole('button', { name: 'Abrir custos' }).click();
  await page.getByLabel('Simulador · BRL (DS-PH)').fill('12,34');
  await page.getByRole('button', { name: 'Salvar custos' }).click();
  await expect(page.getByText('Custos salvos.')).toBeVisible();
  const costs = await page.request.get(`/api/v1/admin/products/${product.id}/costs`);
  expect(await costs.json()).toEqual({ costs: [{ provider: 'simulator', currency: 'BRL', cost: 1234 }] });
  await page.getByLabel('Margem (%)').fill('-5');
  await page.getByRole('button', { name: 'Ver prévia' }).click();
  await expect(
    page.getByText('Informe uma margem de 0 a 1000 %, com até duas casas decimais.'),
  ).toBeVisible();

  // 1234 × 1.5 = 1851 → ending ,90 → R$ 18,90.
  await page.getByLabel('Margem (%)').fill('50');
  await page.getByLabel('Serviço').selectOption({ label: 'Discord' });
  await page.getByLabel('País').selectOption('PH');
  await page.getByRole('button', { name: 'Ver prévia' }).click();
  const row = page.getByTestId('pricing-change');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('DS-PH');
  await expect(row).toContainText('R$\u00a012,34');
  await expect(row).toContainText('R$\u00a018,90');
  // The preview changed nothing yet.
  const before = (await (await page.request.get('/api/v1/admin/products?search=DS-PH')).json())[0];
  expect(before.price_brl).toBe(product.price_brl);

  await page.getByRole('button', { name: 'Aplicar a 1 produto' }).click();
  await expect(page.getByText('Preço de 1 produto atualizado.')).toBeVisible();
  const after = (await (await page.request.get('/api/v1/admin/products?search=DS-PH')).json())[0];
  expect(after.price_brl).toBe(1890);
  const audit = await (await page.request.get('/api/v1/admin/audit?limit=5')).text();
  expect(audit).toContain('APPLY_PRICING');
});

test('the pricing page in English', async ({ page }) => {
  await presetLanguageAndConsent(page, 'en');
  await signInViaApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin/products/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing rules' })).toBeVisible();
  await page.getByLabel('Markup (%)').fill('20');
  await page.getByLabel('Provider').selectOption('simulator');
  await page.getByLabel('Service').selectOption({ label: 'Amazon' });
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('pricing-summary')).toContainText('without a cost');
});

// Saved rules: kept, applied together, and read-only for a MANAGER.
test('an admin saves a rule and applies the saved rules; a MANAGER sees them read-only', async ({
  page,
  browser,
}) => {
  await presetLanguageAndConsent(page, 'pt');
  await signInViaApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  const productOf = async () =>
    (await (await page.request.get('/api/v1/admin/products?search=TG-PH')).json())[0] as {
      id: number;
      price_brl: number;
    };
  const product = await productOf();
  const costs = await page.request.put(`/api/v1/admin/products/${product.id}/costs`, {
    headers,
    data: { costs: [{ provider: 'simulator', currency: 'BRL', cost: 1000 }] },
  });
  expect(costs.status()).toBe(200);

  await page.goto('/admin/products/pricing');
  await expect(page.getByText('Nenhuma regra salva ainda.')).toBeVisible();
  await page.getByLabel('Margem (%)').fill('30');
  await page.getByLabel('Serviço').selectOption({ label: 'Telegram' });
  await page.getByLabel('País').selectOption('PH');
  await page.getByRole('button', { name: 'Salvar como regra' }).click();
  await expect(page.getByText('Regra salva.')).toBeVisible();
  const rule = page.getByTestId('saved-rule');
  await expect(rule).toHaveCount(1);
  await expect(rule).toContainText('tg · PH');
  await expect(rule).toContainText('30 %');
  // Saving changed no price.
  expect((await productOf()).price_brl).toBe(product.price_brl);

  // 1000 × 1.3 = 1300 → ending ,90 → R$ 13,90.
  await page.getByRole('button', { name: 'Aplicar regras salvas' }).click();
  await expect(page.getByText('Preço de 1 produto atualizado.')).toBeVisible();
  expect((await productOf()).price_brl).toBe(1390);

  // The simulator's own prices replace the typed cost.
  await page.getByRole('button', { name: 'Sincronizar custos agora' }).click();
  await expect(page.getByText(/Custos sincronizados: \d+ custos alterados\./)).toBeVisible();
  const synced = await (await page.request.get(`/api/v1/admin/products/${product.id}/costs`)).json();
  expect(synced.costs).toContainEqual(expect.objectContaining({ provider: 'simulator', currency: 'USD' }));
  expect(synced.costs).not.toContainEqual({ provider: 'simulator', currency: 'BRL', cost: 1000 });

  const email = staffEmail('pricing-manager');
  await createUserAsAdmin(page.request, email, 'MANAGER');
  const context = await browser.newContext({ baseURL, locale: 'en-US' });
  const manager = await context.newPage();
  await presetLanguageAndConsent(manager, 'en');
  await signInViaApi(manager.request, email, STAFF_PASSWORD);
  await manager.goto('/admin/products/pricing');
  await expect(manager.getByRole('heading', { level: 1, name: 'Pricing rules' })).toBeVisible();
  await expect(manager.getByTestId('saved-rule')).toContainText('tg · PH');
  await expect(manager.getByText('Only an administrator can change or apply them.')).toBeVisible();
  await expect(manager.getByRole('button', { name: 'Apply saved rules' })).toHaveCount(0);
  await expect(manager.getByRole('button', { name: 'Save as rule' })).toHaveCount(0);
  await expect(manager.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  const refused = await manager.request.post('/api/v1/admin/pricing/rules/apply', { headers });
  expect(refused.status()).toBe(403);
  await context.close();
});
