import { expect, test } from '@playwright/test';
import { E2E_SMTP_PORT } from '../playwright.config.ts';
import { formAlert, PASSWORD, registerViaApi, signIn, uniqueEmail } from './auth-support.ts';
import { startSmtpSink } from './smtp-sink.ts';

const NEW_PASSWORD = 'Outra-S3nha-para-o-e2e';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
test.beforeAll(async () => {
  sink = await startSmtpSink(E2E_SMTP_PORT);
});
test.afterAll(async () => sink.close());

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem(
      'numero.cookie-consent',
      JSON.stringify({
        essential: true,
        analytics: false,
        marketing: false,
        timestamp: new Date().toISOString(),
      }),
    );
  });
});

test('forgot password: the e-mailed link sets a new password once and signs the other browser out', async ({
  page,
  browser,
  request,
}) => {
  const email = uniqueEmail('reset');
  await registerViaApi(request, email);

  // Another browser is signed in with the old password.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, email);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Esqueci minha senha' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByRole('status')).toContainText(`Se existir uma conta com o email ${email}`);

  // The message reaches the SMTP server on loopback, in the customer's language.
  const link = await sink.waitFor(email, /(http:\/\/\S+\/reset-password#token=[A-Za-z0-9_-]{43})/);
  const message = sink.received.find((m) => m.to.includes(email))!;
  expect(message.raw).toContain('O link abaixo vale por 30 minutos e pode ser usado uma única vez.');

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Definir nova senha' })).toBeVisible();
  await page.getByLabel('Nova senha').fill('password123');
  await page.getByLabel('Confirmar senha').fill('password123');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(formAlert(page)).toHaveText(
    'Esta senha é muito comum e fácil de adivinhar. Escolha outra senha.',
  );

  await page.getByLabel('Nova senha').fill(NEW_PASSWORD);
  await page.getByLabel('Confirmar senha').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Senha alterada. Entre com a nova senha.')).toBeVisible();

  // The old password fails, the new one works.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(formAlert(page)).toHaveText('Email ou senha incorretos.');
  await signIn(page, email, NEW_PASSWORD);

  // The link works once.
  const third = await browser.newContext();
  const thirdPage = await third.newPage();
  await thirdPage.goto(link);
  await thirdPage.getByLabel('Nova senha').fill('Mais-uma-S3nha-longa');
  await thirdPage.getByLabel('Confirmar senha').fill('Mais-uma-S3nha-longa');
  await thirdPage.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(formAlert(thirdPage)).toHaveText(
    'Este link de redefinição de senha já foi usado. Peça um novo link se precisar.',
  );

  // The other browser's session has ended, and the customer was told by e-mail.
  // The dashboard's page may send the visitor on before it has loaded: wait for where they end up.
  await otherPage.goto('/dashboard', { waitUntil: 'commit' });
  await expect(otherPage).toHaveURL(/\/login$/);
  await sink.waitFor(email, /(todas as sessões abertas foram encerradas)/);
  await other.close();
  await third.close();
});

test('forgot password answers alike for an address with no account', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('ninguem-aqui@e2e.numero.dev');
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByRole('status')).toContainText(
    'Se existir uma conta com o email ninguem-aqui@e2e.numero.dev',
  );
});
