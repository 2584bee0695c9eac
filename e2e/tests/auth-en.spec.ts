import { expect, test } from '@playwright/test';
import { baseURL, E2E_ADMIN } from '../playwright.config.ts';
import {
  chooseLanguage,
  formAlert,
  openDashboardSignedIn,
  openUserMenu,
  PASSWORD,
  submitLogin,
  uniqueEmail,
  withAnsweredCookiesAndCustomer,
} from './auth-support.ts';
import { seriousAxeViolations } from './support.ts';

const customerEmail = withAnsweredCookiesAndCustomer();

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
    await expect(page).toHaveURL(`${baseURL}/`);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: /^Hello, / })).toBeVisible();
    await expect(page.getByTestId('header-balance')).toHaveText('$0.00');
    await expect(page.getByRole('link', { name: 'Order history' })).toBeVisible();

    // The account was created with the interface's language and currency.
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'My profile' }).click();
    await expect(page.locator('dl')).toContainText('English (US)');
    await expect(page.locator('dl')).toContainText('US dollar (USD)');

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
  });

  test('switching the language re-asks the balance in the other currency', async ({ page }) => {
    await openDashboardSignedIn(page, customerEmail());
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

    await openDashboardSignedIn(page, customerEmail());
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText('You do not have permission to access this area.')).toBeVisible();

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
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
    await page.getByLabel('Email').fill(customerEmail());
    await page.getByLabel('Senha').fill('not-the-password');
    await submitLogin(page, page.getByRole('button', { name: 'Entrar', exact: true }));
    await expect(formAlert(page)).toHaveText('Email ou senha incorretos.');
    const toast = page.locator('[data-sonner-toast]');
    await expect(toast).toBeVisible();
    // The toast finishes sliding in (its transitions end) before axe reads its colours.
    await toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
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
    await openDashboardSignedIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
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
