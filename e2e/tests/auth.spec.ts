import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { baseURL, E2E_ADMIN } from '../playwright.config.ts';
import { seriousAxeViolations } from './support.ts';

// The server allows 10 registrations per address per hour, so most tests share one account made here.
const PASSWORD = 'Numero-e2e-S3nha!';
let seq = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${seq++}@e2e.numero.dev`;

async function registerViaApi(
  request: APIRequestContext,
  email: string,
  language: 'pt-BR' | 'en-US' = 'pt-BR',
) {
  const res = await request.post('/api/v1/auth/register', {
    headers: { Origin: baseURL },
    data: {
      email,
      password: PASSWORD,
      preferred_language: language,
      preferred_currency: language === 'en-US' ? 'USD' : 'BRL',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** The form's own message (a toast may repeat the same text elsewhere on the page). */
const formAlert = (page: Page) => page.locator('form [role="alert"]');

async function signIn(page: Page, email: string, password = PASSWORD, button = 'Entrar') {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^(Senha|Password)$/).fill(password);
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Clicks the sign-in button and waits for the server's answer (the same text may already be shown). */
async function submitLogin(page: Page, button: Locator): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/login') && r.request().method() === 'POST'),
    button.click(),
  ]);
  return response.status();
}

async function openUserMenu(page: Page) {
  await page
    .locator('header')
    .getByRole('button', { name: /Menu do usuário|User menu/ })
    .click();
}

async function chooseLanguage(page: Page, current: RegExp, option: string) {
  await page.getByRole('button', { name: current }).first().click();
  await page.getByRole('menuitemradio', { name: option }).click();
}

/** Serious and critical axe findings (WCAG 2.2 AA and best practices), as the landing's tests check. */

let customer: string;

// The cookie banner is the landing's subject: answer it up front so it never covers a form.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const answered = {
      essential: true,
      analytics: false,
      marketing: false,
      timestamp: new Date().toISOString(),
    };
    localStorage.setItem('numero.cookie-consent', JSON.stringify(answered));
  });
});

test.beforeAll(async ({ request }) => {
  customer = uniqueEmail('customer');
  await registerViaApi(request, customer);
});

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

    await expect(page).toHaveURL(/\/dashboard$/);
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
    await page.getByLabel('Email').fill(customer);
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

    await page.getByLabel('Email').fill(customer);
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
    await signIn(page, customer);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/register');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a visitor opening a signed-in page is sent to /login', async ({ page }) => {
    for (const path of ['/dashboard', '/profile', '/admin', '/admin/users']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test('logout returns to /, and /dashboard then sends to /login', async ({ page }) => {
    await signIn(page, customer);
    await openUserMenu(page);
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a CUSTOMER is kept out of the admin area', async ({ page }) => {
    await signIn(page, customer);
    await expect(
      page.getByRole('navigation', { name: 'Navegação da conta' }).getByRole('link', { name: 'Admin' }),
    ).toHaveCount(0);
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(page.getByRole('heading', { name: 'Acesso Não Autorizado' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ir para o login' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Voltar ao início' })).toBeVisible();

    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();
    await expect(page.getByText('Você não tem permissão para acessar esta área.')).toBeVisible();
    await page.getByRole('link', { name: 'Voltar ao painel' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the admin sees the crown link and the admin pages', async ({ page }) => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
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
    await signIn(page, customer);
    // Activity restarts the count: 29 + 29 minutes with a key press between stays signed in.
    await page.clock.fastForward('29:00');
    await page.keyboard.press('Shift');
    await page.clock.fastForward('29:00');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.clock.fastForward('31:00');
    await expect(page).toHaveURL(`${baseURL}/`);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('profile changes are saved on the server', async ({ page }) => {
    await signIn(page, customer);
    await openUserMenu(page);
    await page.getByRole('link', { name: 'Meu perfil' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.getByRole('button', { name: 'Editar perfil' }).click();
    await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
    await expect(page.getByText('O email não pode ser alterado')).toBeVisible();
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

test.describe('in English', () => {
  test('register, sign in, see dollars, fail and sign out in English', async ({ page }) => {
    const email = uniqueEmail('english');
    await page.goto('/register');
    await chooseLanguage(page, /Português \(BRL\)/, 'English (USD)');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();

    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(formAlert(page)).toHaveText('Please fill in all fields');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText('Registration successful! Sign in to continue.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);

    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(formAlert(page)).toHaveText('Incorrect email or password.');

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Hello, / })).toBeVisible();
    await expect(page.getByTestId('header-balance')).toHaveText('$0.00');
    await expect(page.getByRole('link', { name: 'Order history' })).toBeVisible();

    // The account was created with the interface's language and currency.
    await openUserMenu(page);
    await page.getByRole('link', { name: 'My profile' }).click();
    await expect(page.locator('dl')).toContainText('English (US)');
    await expect(page.locator('dl')).toContainText('US dollar (USD)');

    await openUserMenu(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
  });

  test('switching the language re-asks the balance in the other currency', async ({ page }) => {
    await signIn(page, customer);
    await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s0,00/);
    const asked = page.waitForRequest((r) => r.url().endsWith('/api/v1/wallets/USD/balance'));
    await chooseLanguage(page, /Português \(BRL\)/, 'English (USD)');
    await asked;
    await expect(page.getByTestId('header-balance')).toHaveText('$0.00');
    await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  });

  test('access pages and the 429 text in English', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('numero.lang', 'en'));
    await page.goto('/unauthorized');
    await expect(page.getByRole('heading', { name: 'Unauthorized Access' })).toBeVisible();

    await signIn(page, customer, PASSWORD, 'Sign in');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText('You do not have permission to access this area.')).toBeVisible();

    await openUserMenu(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);

    const email = uniqueEmail('guess-en');
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    for (let attempt = 1; attempt <= 6; attempt++) {
      await page.getByLabel('Password').fill(`wrong-${attempt}`);
      await submitLogin(page, page.getByRole('button', { name: 'Sign in', exact: true }));
      await expect(formAlert(page)).toHaveText(
        attempt <= 5
          ? 'Incorrect email or password.'
          : 'Too many attempts. Please wait a few minutes and try again.',
      );
    }
  });
});

test.describe('accessibility', () => {
  test('sign-in and registration, with their errors and a toast, have no serious axe finding', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(customer);
    await page.getByLabel('Senha').fill('not-the-password');
    await submitLogin(page, page.getByRole('button', { name: 'Entrar', exact: true }));
    await expect(formAlert(page)).toHaveText('Email ou senha incorretos.');
    await expect(page.locator('[data-sonner-toast]')).toBeVisible();
    await page.waitForTimeout(500); // let the toast finish sliding in
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto('/register');
    await page.getByRole('button', { name: 'Registrar', exact: true }).click();
    await expect(formAlert(page)).toHaveText('Por favor, preencha todos os campos');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto('/unauthorized');
    await expect(page.getByRole('heading', { name: 'Acesso Não Autorizado' })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('the signed-in pages have no serious axe finding, at 1280 and at 360 px with the menu open', async ({
    page,
  }) => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page.getByTestId('header-balance')).toBeVisible();
    await openUserMenu(page);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Editar perfil' }).click();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/dashboard');
    const menuButton = page.getByRole('button', { name: 'Abrir menu' });
    const box = await menuButton.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await menuButton.click();
    await expect(
      page.getByRole('navigation', { name: 'Navegação da conta' }).getByRole('link', { name: 'Admin' }),
    ).toBeVisible();
    await expect(page.getByTestId('header-balance').filter({ visible: true })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    // No sideways scrolling at 360 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
  });
});
