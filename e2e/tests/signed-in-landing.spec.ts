import { expect, test } from '@playwright/test';
import { baseURL, E2E_ADMIN } from '../playwright.config.ts';
import { uniqueEmail } from './auth-support.ts';
import { pageSettled, seePrices, watchAppRequests } from './landing-support.ts';
import { presetLanguageAndConsent, signedInCustomer } from './support.ts';

test.beforeEach(async ({ page }) => presetLanguageAndConsent(page, 'pt'));

test('the landing in a new tab knows the signed-in customer: their header, balance and Painel; a tile buys straight away', async ({
  page,
  context,
}) => {
  const email = await signedInCustomer(page, uniqueEmail('landing-known'));
  const tab = await context.newPage();
  await tab.goto('/');
  // The page is sent as a visitor's; the app starts at once for a browser with a session cookie and
  // brings the customer's header without them doing anything.

  const nav = tab.getByRole('navigation', { name: 'Navegação da conta' });
  await expect(nav.getByRole('link', { name: 'Painel' })).toBeVisible();
  await expect(tab.getByTestId('header-balance')).toHaveText(/R\$\s0,00/);
  await expect(tab.getByTestId('landing-greeting')).toHaveText(
    `Olá, ${email.split('@')[0]}! Que bom ver você de novo.`,
  );
  await expect(tab.getByRole('link', { name: 'Entrar', exact: true })).toHaveCount(0);
  await expect(tab.getByRole('link', { name: 'Registrar', exact: true })).toHaveCount(0);
  await expect(tab.getByRole('link', { name: 'Criar conta' })).toHaveCount(0);

  await tab.getByTestId('pick-wa-BR').click();
  await expect(tab).toHaveURL(/\/dashboard\/products\?service=wa&country=BR$/);
  await expect(tab.getByRole('dialog').getByTestId('purchase-summary')).toContainText('WhatsApp');
});

test('a visitor’s landing shows Entrar / Registrar and the call to create an account, asking nobody', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (r) => r.url().endsWith('/api/v1/users/me') && asked.push(r.url()));
  const appAsked = watchAppRequests(page);
  await page.goto('/');
  await pageSettled(page);
  // A visitor's page needs nothing of the app until they go further.
  expect(appAsked).toEqual([]);
  await expect(page.getByRole('link', { name: 'Entrar', exact: true }).first()).toBeVisible();
  // Scrolled to, the prices and the popular picks start the app, which asks nobody either.
  await seePrices(page);
  await expect(page.locator('#how-it-works').getByRole('link', { name: 'Criar conta' })).toBeVisible();
  await expect(page.getByTestId('pick-wa-BR')).toHaveAttribute('href', /^\/register\?next=/);
  expect(asked).toEqual([]);
});

test('a signed-in customer sent to /register?next=… goes to next, with the product still chosen', async ({
  page,
}) => {
  await signedInCustomer(page, uniqueEmail('landing-known'));
  await page.goto(`/register?next=${encodeURIComponent('/dashboard/products?service=tg&country=BR')}`);
  await expect(page).toHaveURL(/\/dashboard\/products\?service=tg&country=BR$/);
  await expect(page.getByRole('dialog').getByTestId('purchase-summary')).toContainText('Telegram');
  // With no next, as the spec says: the dashboard.
  await page.goto('/register');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('staff who sign in with nowhere else to go land on /admin; from an admin link, on that page', async ({
  page,
}) => {
  const signIn = async () => {
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Senha').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  };
  await page.goto('/login');
  await signIn();
  await expect(page).toHaveURL(`${baseURL}/admin`);
  await expect(page.getByRole('heading', { level: 1, name: 'Painel administrativo' })).toBeVisible();

  await page.context().clearCookies();
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/login$/);
  await signIn();
  await expect(page).toHaveURL(`${baseURL}/admin/users`);
});
