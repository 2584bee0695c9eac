import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { baseURL, E2E_SMTP_PORT } from '../playwright.config.ts';
import { formAlert, PASSWORD, registerViaApi, signIn, uniqueEmail } from './auth-support.ts';
import { startSmtpSink } from './smtp-sink.ts';

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

test('privacy policy and terms are linked from the footer and the register form, in pt and en', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Política de Privacidade' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Política de Privacidade' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Seus direitos' })).toBeVisible();
  await page.goto('/register');
  await page.getByRole('link', { name: 'Termos de Uso' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Termos de Uso' })).toBeVisible();
  await page.evaluate(() => localStorage.setItem('numero.lang', 'en'));
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
});

test('two-step verification: enrol on /profile, then sign-in asks for a code; a recovery code works once', async ({
  page,
  browser,
  request,
}) => {
  const email = uniqueEmail('totp');
  await registerViaApi(request, email);
  await signIn(page, email);
  await page.goto('/profile');
  const card = page.getByTestId('two-factor-card');
  await card.getByRole('button', { name: 'Ativar verificação em duas etapas' }).click();
  const secret = (await card.getByTestId('totp-secret').textContent())!.trim();
  await card.getByLabel('Código do aplicativo').fill('000000');
  await card.getByRole('button', { name: 'Confirmar e ativar' }).click();
  await expect(card.getByRole('alert')).toHaveText('Código de verificação incorreto ou já usado.');
  await card.getByLabel('Código do aplicativo').fill(await generate({ secret }));
  await card.getByRole('button', { name: 'Confirmar e ativar' }).click();
  const codes = card.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent())!.trim();
  await card.getByRole('button', { name: 'Já guardei os códigos' }).click();
  await expect(card.getByText('Restam 10 códigos de recuperação.')).toBeVisible();

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(`${baseURL}/login`);
  await other.getByLabel('Email').fill(email);
  await other.getByLabel('Senha').fill(PASSWORD);
  await other.getByRole('button', { name: 'Entrar', exact: true }).click();
  const codeField = other.getByLabel('Código de verificação');
  await expect(codeField).toBeVisible();
  await codeField.fill('123456');
  await other.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(formAlert(other)).toHaveText('Código de verificação incorreto ou já usado.');
  await codeField.fill(recovery);
  await other.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(other).toHaveURL(`${baseURL}/`);
  await fresh.close();

  // The same recovery code is refused the second time.
  const res = await request.post('/api/v1/auth/login', {
    headers: { Origin: baseURL },
    form: { username: email, password: PASSWORD, otp: recovery },
  });
  expect(res.status()).toBe(401);
  expect((await res.json()).code).toBe('TOTP_INVALID');
});

test('LGPD: download my data, see the remaining balance, delete the account and be signed out for good', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('lgpd');
  await registerViaApi(request, email);
  await signIn(page, email);
  const intent = await page.request.post('/api/v1/wallets/payments/create-intent', {
    headers: { Origin: baseURL },
    data: { amount: 2500, currency: 'BRL', method: 'pix' },
  });
  expect(intent.status()).toBe(201);
  const paid = await page.request.post(`/api/v1/wallets/payments/${(await intent.json()).id}/simulate`, {
    headers: { Origin: baseURL },
  });
  expect(paid.status()).toBe(202);
  await expect
    .poll(async () => (await (await page.request.get('/api/v1/users/me/deletion')).json()).balances)
    .toEqual([{ currency: 'BRL', amount: 2500 }]);

  await page.goto('/profile');
  const card = page.getByTestId('privacy-card');
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Baixar meus dados (JSON)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('numero-my-data.json');
  const data = JSON.parse(await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8'));
  expect(data.profile.email).toBe(email);
  expect(data.top_ups).toEqual([expect.objectContaining({ amount: 2500, status: 'paid' })]);

  await card.getByRole('button', { name: 'Excluir minha conta' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('deletion-preview')).toContainText(/Você ainda tem R\$\s25,00 de saldo/);
  await dialog.getByLabel(`Digite ${email} para confirmar`).fill(email);
  await dialog.getByRole('button', { name: 'Excluir definitivamente' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(formAlert(page)).toHaveText('Email ou senha incorretos.');
});

test('a sign-in from a new browser is e-mailed to the user, who can turn that notice off on /profile', async ({
  page,
  browser,
  request,
}) => {
  const email = uniqueEmail('device');
  await registerViaApi(request, email);
  await signIn(page, email);

  const fresh = await browser.newContext();
  await signIn(await fresh.newPage(), email);
  await fresh.close();
  expect(await sink.waitFor(email, /(um dispositivo ou navegador novo)/)).toBeTruthy();

  await page.goto('/profile');
  const card = page.getByTestId('notifications-card');
  const notice = card.getByRole('checkbox', { name: 'Novo acesso' });
  await expect(notice).toBeChecked();
  await notice.click();
  await expect(notice).not.toBeChecked();
  await page.reload();
  await expect(
    page.getByTestId('notifications-card').getByRole('checkbox', { name: 'Novo acesso' }),
  ).not.toBeChecked();
  await expect(card.getByRole('checkbox', { name: 'Saldo adicionado' })).toBeChecked();
});

test('e-mail change: the link sent to the new address makes the change, the old address is told', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('change');
  const next = uniqueEmail('changed');
  await registerViaApi(request, email);
  await signIn(page, email);
  await page.goto('/profile');
  const card = page.getByTestId('email-change-card');
  await card.getByRole('button', { name: 'Alterar email' }).click();
  await card.getByLabel('Novo email').fill(next);
  await card.getByLabel('Senha atual').fill('not-the-password');
  await card.getByRole('button', { name: 'Enviar link de confirmação' }).click();
  await expect(card.getByRole('alert')).toHaveText('A senha atual está incorreta.');
  await card.getByLabel('Senha atual').fill(PASSWORD);
  await card.getByRole('button', { name: 'Enviar link de confirmação' }).click();
  await expect(card.getByRole('status')).toContainText(`Link enviado para ${next}`);

  expect(await sink.waitFor(email, /(Foi pedida a troca do email da sua conta Numero)/)).toBeTruthy();
  const link = await sink.waitFor(next, /(http:\/\/localhost:\d+\/verify-email#token=[A-Za-z0-9_-]{43})/);
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirmar meu email' }).click();
  await expect(page.getByText('Email confirmado! Faça login para continuar.')).toBeVisible();

  const old = await request.post('/api/v1/auth/login', {
    headers: { Origin: baseURL },
    form: { username: email, password: PASSWORD },
  });
  expect(old.status()).toBe(401);
  const fresh = await request.post('/api/v1/auth/login', {
    headers: { Origin: baseURL },
    form: { username: next, password: PASSWORD },
  });
  expect(fresh.status()).toBe(200);
});
