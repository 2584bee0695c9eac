import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { PASSWORD, registerViaApi, uniqueEmail } from './auth-support.ts';
import { holdTheApp, pageSettled, watchAppRequests, withConsentGiven } from './landing-support.ts';

// Like the landing, /login (for a visitor) and /dashboard (for a signed-in browser) arrive pre-rendered
// with the landing's small script. The sign-in form gets the app on the visitor's first interaction (a
// password manager's filling included); the dashboard's shell, which needs the user's data, at once.

/** The app is up once the language button is the menu's (Radix marks its state), not the page's stand-in. */
const appIsUp = (page: import('@playwright/test').Page) =>
  expect(page.locator('header button[aria-haspopup="menu"][data-state]').first()).toBeAttached();

async function signedInCookie(request: import('@playwright/test').APIRequestContext) {
  const email = uniqueEmail('prerendered');
  await registerViaApi(request, email);
  const res = await request.post('/api/v1/auth/login', {
    headers: { Origin: baseURL },
    form: { username: email, password: PASSWORD },
  });
  expect(res.status()).toBe(200);
  const cookie = res.headers()['set-cookie']?.match(/numero_session=([^;]+)/)?.[1];
  expect(cookie).toBeTruthy();
  return cookie!;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the sign-in form shows in the reader’s language', async ({ page, browser }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Entrar na sua conta');
    await expect(page.getByLabel('Email')).toBeVisible();
    const english = await browser.newContext({ javaScriptEnabled: false, locale: 'en-US' });
    const en = await english.newPage();
    await en.goto(`${baseURL}/login`);
    await expect(en.getByRole('heading', { level: 1 })).toHaveText('Sign in to your account');
    await english.close();
  });

  test('a signed-in browser gets the dashboard’s shell: its navigation, its sections, no one’s name', async ({
    page,
    context,
    request,
  }) => {
    await context.addCookies([
      { name: 'numero_session', value: await signedInCookie(request), url: baseURL },
    ]);
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Navegação da conta' });
    await expect(nav.getByRole('link', { name: 'Painel' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('Aqui está o resumo da sua conta.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Saldo atual' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  });
});

test.describe('before the app has loaded', () => {
  test.beforeEach(async ({ page }) => withConsentGiven(page));

  test('what is typed into the sign-in form is kept, and Enter signs in once the app is up', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('prerendered-login');
    await registerViaApi(request, email);
    const release = await holdTheApp(page);
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Senha').fill(PASSWORD);
    await page.getByLabel('Senha').press('Enter');
    // Nothing was sent natively (no page load with the fields in the address).
    expect(page.url()).toBe(`${baseURL}/login`);

    release();
    // Spec §2: a successful sign-in goes home.
    await expect(page).toHaveURL(`${baseURL}/`);
  });

  test('what is typed into the sign-in form stays there once the app is up', async ({ page }) => {
    const asked = watchAppRequests(page);
    const release = await holdTheApp(page);
    await page.goto('/login');
    await pageSettled(page);
    // Nobody has done anything yet: the app is not fetched.
    expect(asked).toEqual([]);
    await page.getByLabel('Email').fill('someone@example.com');
    release();
    await appIsUp(page);
    expect(asked).toHaveLength(1);
    await expect(page.getByLabel('Email')).toHaveValue('someone@example.com');
    await expect(page.getByLabel('Email')).toBeFocused();
    // The form has it too: signing in asks for the password, not for the e-mail.
    await page.getByRole('main').getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByLabel('Senha')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Email')).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('a password manager’s filling, with no press or focus, starts the app and the form has it', async ({
    page,
  }) => {
    const release = await holdTheApp(page);
    await page.goto('/login');
    await pageSettled(page);
    await page.getByLabel('Email').evaluate((field: HTMLInputElement) => {
      field.value = 'someone@example.com';
      field.dispatchEvent(new Event('input', { bubbles: true }));
      field.dispatchEvent(new Event('change', { bubbles: true }));
    });
    release();
    await appIsUp(page);
    await expect(page.getByLabel('Email')).toHaveValue('someone@example.com');
    await page.getByRole('main').getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByLabel('Senha')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Email')).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('the dashboard’s shell gives way to the user’s dashboard', async ({ page, context, request }) => {
    await context.addCookies([
      { name: 'numero_session', value: await signedInCookie(request), url: baseURL },
    ]);
    const release = await holdTheApp(page);
    await page.goto('/dashboard');
    await expect(page.getByText('Aqui está o resumo da sua conta.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    release();
    // Without the visitor doing anything.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Olá, .+!$/);
    await expect(page.getByTestId('dashboard-balance-value')).toBeVisible();
  });
});
