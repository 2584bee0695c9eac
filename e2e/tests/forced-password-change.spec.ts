import { expect, test } from '@playwright/test';
import { baseURL, E2E_ADMIN } from '../playwright.config.ts';
import { formAlert } from './auth-support.ts';
import { createUserAsAdmin, headers, signInViaApi, staffEmail } from './staff-support.ts';
import { presetLanguageAndConsent } from './support.ts';

// A password an admin issued is for the first sign-in only: the user is held on /change-password.
test('an admin issues a temporary password; the user must set a new one before reaching the dashboard', async ({
  page,
  browser,
}) => {
  test.slow(); // two browsers and four argon2 hashes on a shared machine
  await presetLanguageAndConsent(page, 'pt');
  await signInViaApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  const email = staffEmail('temporaria');
  const user = await createUserAsAdmin(page.request, email, 'CUSTOMER');

  // The admin resets the password from the user's page and reads the new one, shown once.
  await page.goto(`/admin/users/${user.id}`);
  await page.getByRole('button', { name: 'Nova senha temporária' }).click();
  const ask = page.getByRole('dialog', { name: 'Nova senha temporária' });
  await expect(ask).toContainText(`Gerar uma nova senha temporária para ${email}?`);
  await ask.getByRole('button', { name: 'Gerar senha' }).click();
  const temporary = await page.getByTestId('temporary-password').inputValue();
  expect(temporary).toMatch(/^[A-Za-z0-9_-]{24}$/);

  // The user signs in with it and lands on the new-password screen, wherever they try to go.
  const context = await browser.newContext({ baseURL, locale: 'pt-BR' });
  const theirs = await context.newPage();
  await presetLanguageAndConsent(theirs, 'pt');
  await theirs.goto('/login');
  await theirs.getByLabel('Email').fill(email);
  await theirs.getByLabel('Senha', { exact: true }).fill(temporary);
  await theirs.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(theirs).toHaveURL(/\/change-password$/);
  await expect(theirs.getByRole('heading', { name: 'Defina uma nova senha' })).toBeVisible();
  await theirs.goto('/dashboard/balance');
  await expect(theirs).toHaveURL(/\/change-password$/);
  const refused = await theirs.request.get('/api/v1/wallets');
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('PASSWORD_CHANGE_REQUIRED');

  // The temporary password again is refused; a new one of their own opens the dashboard.
  const form = theirs.getByTestId('change-password-form');
  await form.getByLabel('Senha temporária').fill(temporary);
  await form.getByLabel('Nova senha').fill(temporary);
  await form.getByLabel('Confirmar senha').fill(temporary);
  await form.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(formAlert(theirs)).toHaveText('A nova senha deve ser diferente da atual.');
  await form.getByLabel('Nova senha').fill('Minha-senha-pr0pria');
  await form.getByLabel('Confirmar senha').fill('Minha-senha-pr0pria');
  await form.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(theirs).toHaveURL(/\/dashboard$/);
  await expect(theirs.getByText('Senha alterada. Bem-vindo!')).toBeVisible();
  expect((await theirs.request.get('/api/v1/wallets')).status()).toBe(200);
  await context.close();

  // The temporary password no longer signs in; the new one does, with nothing left to change.
  const old = await page.request.post('/api/v1/auth/login', {
    headers,
    form: { username: email, password: temporary },
  });
  expect(old.status()).toBe(401);
  const fresh = await page.request.post('/api/v1/auth/login', {
    headers,
    form: { username: email, password: 'Minha-senha-pr0pria' },
  });
  expect(fresh.status()).toBe(200);
  expect((await fresh.json()).user.must_change_password).toBe(false);
});
