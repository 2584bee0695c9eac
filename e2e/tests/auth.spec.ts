import { expect, test } from '@playwright/test';
import { baseURL, E2E_ADMIN } from '../playwright.config.ts';
import {
  formAlert,
  openDashboardSignedIn,
  openUserMenu,
  PASSWORD,
  submitLogin,
  uniqueEmail,
  withAnsweredCookiesAndCustomer,
} from './auth-support.ts';

const customerEmail = withAnsweredCookiesAndCustomer();

test.describe('in Portuguese', () => {
  test('register, see the success text, land on /login, sign in, reach /dashboard', async ({ page }) => {
    const email = uniqueEmail('novo');
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Criar sua conta' })).toBeVisible();
    await expect(page.getByText('A senha deve ter pelo menos 8 caracteres')).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirmar senha').fill(PASSWORD);
    await page.getByRole('button', { name: 'Registrar', exact: true }).click();

    await expect(page.getByText('Registro realizado com sucesso! Faça login para continuar.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Entrar na sua conta' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByLabel('Senha').fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();

    await expect(page).toHaveURL(`${baseURL}/`);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: /^Olá, / })).toBeVisible();
    await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s0,00/);
    await expect(page.getByTestId('dashboard-balance')).toContainText(/R\$\s0,00/);
  });

  test('register explains what is wrong before sending', async ({ page }) => {
    await page.goto('/register');
    const submit = page.getByRole('button', { name: 'Registrar', exact: true });
    await submit.click();
    await expect(formAlert(page)).toHaveText('Por favor, preencha todos os campos');

    await page.getByLabel('Email').fill(uniqueEmail('x'));
    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirmar senha').fill(`${PASSWORD}x`);
    await submit.click();
    await expect(formAlert(page)).toHaveText('As senhas não coincidem');

    await page.getByLabel('Senha', { exact: true }).fill('curta1');
    await page.getByLabel('Confirmar senha').fill('curta1');
    await submit.click();
    await expect(formAlert(page)).toHaveText('A senha deve ter pelo menos 8 caracteres');

    // An address already in use: the spec's 409 text in the form.
    await page.getByLabel('Email').fill(customerEmail());
    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirmar senha').fill(PASSWORD);
    await submit.click();
    await expect(formAlert(page)).toHaveText(
      'Email já cadastrado. Por favor, utilize outro email ou faça login.',
    );
    await expect(page).toHaveURL(/\/register$/);
  });

  test('empty fields and a wrong password are explained', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(formAlert(page)).toHaveText('Por favor, preencha todos os campos');

    await page.getByLabel('Email').fill(customerEmail());
    await page.getByLabel('Senha').fill('not-the-password');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(formAlert(page)).toHaveText('Email ou senha incorretos.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the sixth failed attempt shows the 429 text', async ({ page }) => {
    const email = uniqueEmail('guess');
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    const submit = page.getByRole('button', { name: 'Entrar', exact: true });
    for (let attempt = 1; attempt <= 5; attempt++) {
      await page.getByLabel('Senha').fill(`wrong-${attempt}`);
      expect(await submitLogin(page, submit)).toBe(401);
      await expect(formAlert(page)).toHaveText('Email ou senha incorretos.');
    }
    await page.getByLabel('Senha').fill('wrong-6');
    expect(await submitLogin(page, submit)).toBe(429);
    await expect(formAlert(page)).toHaveText(
      'Muitas tentativas. Por favor, aguarde alguns minutos e tente novamente.',
    );
  });

  test('a signed-in user opening /login or /register lands on /dashboard', async ({ page }) => {
    await openDashboardSignedIn(page, customerEmail());
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/register');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a visitor opening a signed-in page is sent to /login', async ({ page }) => {
    for (const path of ['/dashboard', '/profile', '/admin', '/admin/users']) {
      await page.goto(path, { waitUntil: 'commit' });
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test('logout returns to /, and /dashboard then sends to /login', async ({ page }) => {
    await openDashboardSignedIn(page, customerEmail());
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    // The dashboard's page may send the visitor on before it has loaded: wait for where they end up.
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a CUSTOMER is kept out of the admin area', async ({ page }) => {
    await openDashboardSignedIn(page, customerEmail());
    await expect(
      page.getByRole('navigation', { name: 'Navegação da conta' }).getByRole('link', { name: 'Admin' }),
    ).toHaveCount(0);
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(page.getByRole('heading', { name: 'Acesso Não Autorizado' })).toBeVisible();
    // Signed in, the way out is back to their own dashboard, not to the login.
    await expect(page.getByRole('link', { name: 'Voltar ao painel' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Voltar ao início' })).toBeVisible();

    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();
    await expect(page.getByText('Você não tem permissão para acessar esta área.')).toBeVisible();
    await page.getByRole('link', { name: 'Voltar ao painel' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the admin sees the crown link and the admin pages', async ({ page }) => {
    await openDashboardSignedIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    const adminLink = page
      .getByRole('navigation', { name: 'Navegação da conta' })
      .getByRole('link', { name: 'Admin' });
    await expect(adminLink).toBeVisible();
    await expect(adminLink.locator('svg.lucide-crown')).toHaveCount(1);
    await expect(page.getByText('Abrir painel admin')).toBeVisible();
    await adminLink.click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Painel administrativo' })).toBeVisible();
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'Usuários' })).toBeVisible();
  });

  test('30 minutes without activity sign the user out', async ({ page }) => {
    await page.clock.install();
    await openDashboardSignedIn(page, customerEmail());
    // Activity restarts the count: 29 + 29 minutes with a key press between stays signed in.
    await page.clock.fastForward('29:00');
    await page.keyboard.press('Shift');
    await page.clock.fastForward('29:00');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.clock.fastForward('31:00');
    await expect(page).toHaveURL(`${baseURL}/`);
    // The dashboard's page may send the visitor on before it has loaded: wait for where they end up.
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/login$/);
  });

  test('profile changes are saved on the server', async ({ page }) => {
    await openDashboardSignedIn(page, customerEmail());
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Meu perfil' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.getByRole('button', { name: 'Editar perfil' }).click();
    await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
    await expect(page.getByText('O email não pode ser alterado')).toBeVisible();
    // The spec's hint points to the card that does change it, right under the profile.
    await page.getByRole('link', { name: 'Para usar outro email, veja “Alterar email” abaixo.' }).click();
    await expect(page.getByTestId('email-change-card')).toBeInViewport();
    await page.getByLabel('Nome').fill('Ana Souza');
    await page.getByLabel('Telefone').fill('+55 11 91234-5678');
    await page.getByLabel('Moeda').selectOption('EUR');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(page.getByText('Perfil atualizado com sucesso!')).toBeVisible();

    await page.reload();
    const details = page.locator('dl');
    await expect(details).toContainText('Ana Souza');
    await expect(details).toContainText('+55 11 91234-5678');
    await expect(details).toContainText('Euro (EUR)');
    await expect(page.locator('header')).toContainText('Ana Souza');
  });

  test('the OIDC callback without code and state goes to /login, a bad one shows the error page', async ({
    page,
  }) => {
    await page.goto('/auth-callback');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/auth-callback?code=bogus&state=bogus');
    await expect(
      page.getByText('Ocorreu um erro durante o processo de autenticação. Tente novamente.'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Voltar para o login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
