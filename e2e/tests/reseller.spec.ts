import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { registerViaApi, signIn, uniqueEmail } from './auth-support.ts';
import { presetLanguageAndConsent, seriousAxeViolations } from './support.ts';

// The reseller side of the store as its users see it: the API documentation from the footer, and a
// key's settings on the profile, which the protocol then answers by.

test('the footer leads to the API documentation, readable in both languages and accessible', async ({
  page,
}) => {
  await presetLanguageAndConsent(page, 'pt');
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'API para revendedores' }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API para revendedores' })).toBeVisible();
  await expect(page.getByText(`${baseURL}/stubs/handler_api.php`, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'getNumberV2' })).toBeVisible();
  await expect(
    page.getByText('A loja não tem janela de cancelamento própria.', { exact: false }),
  ).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  await presetLanguageAndConsent(page, 'en');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Reseller API' })).toBeVisible();
});

test('a key set to dollars with a webhook: the secret is shown once, and the key list shows both', async ({
  page,
}) => {
  await presetLanguageAndConsent(page, 'pt');
  const email = uniqueEmail('reseller');
  await registerViaApi(page.request, email);
  await signIn(page, email);
  const created = await page.request.post('/api/v1/api-keys', {
    headers: { Origin: baseURL },
    data: { name: 'Bot de vendas' },
  });
  expect(created.status()).toBe(201);
  const { key } = await created.json();
  const balance = async () =>
    (await page.request.get(`/stubs/handler_api.php?api_key=${key}&action=getBalance`)).text();
  expect(await balance()).toBe('ACCESS_BALANCE:0.00');

  await page.goto('/profile');
  const card = page.getByTestId('api-keys-card');
  await card.getByRole('button', { name: 'Configurar a chave Bot de vendas' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Moeda da carteira').selectOption('USD');
  await dialog.getByLabel('URL do webhook (opcional)').fill('https://hooks.example.com/numero');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByTestId('webhook-secret')).toHaveValue(/^whsec_[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByText('Nenhuma entrega ainda.')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(page.getByTestId('webhook-secret')).toHaveCount(0);

  const row = card.getByRole('row', { name: /Bot de vendas/ });
  await expect(row).toContainText('USD');
  await expect(row).toContainText('https://hooks.example.com/numero');
  expect(await balance()).toBe('ACCESS_BALANCE:0.00');
  await expect(card.getByRole('link', { name: 'Documentação da API para revendedores' })).toHaveAttribute(
    'href',
    '/docs/api',
  );
});
