import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { signInViaApi } from './staff-support.ts';

// The server allows 10 registrations per address per hour, so most tests share one account made here.
export const PASSWORD = 'Numero-e2e-S3nha!';
let seq = 0;
export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${seq++}@e2e.numero.dev`;

export async function registerViaApi(
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
export const formAlert = (page: Page) => page.locator('form [role="alert"]');

export async function signIn(page: Page, email: string, password = PASSWORD, button = 'Entrar') {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^(Senha|Password)$/).fill(password);
  await page.getByRole('button', { name: button, exact: true }).click();
  // Spec §2: a successful sign-in goes home (staff go to /admin); the tests go on from the dashboard.
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/(admin)?$`));
  // The dashboard is a fresh page load: wait until it knows who is signed in.
  const sessionChecked = page.waitForResponse((r) => r.url().endsWith('/api/v1/users/me') && r.ok());
  await page.goto('/dashboard');
  await sessionChecked;
}

/**
 * Where `signIn` leaves a user, without its two page loads: the context signed in through the API, then
 * the dashboard, once it knows who is signed in. For the tests whose subject is not the sign-in form
 * (the first tests of auth.spec.ts and auth-en.spec.ts walk the form).
 */
export async function openDashboardSignedIn(page: Page, email: string, password = PASSWORD) {
  await signInViaApi(page.request, email, password);
  const sessionChecked = page.waitForResponse((r) => r.url().endsWith('/api/v1/users/me') && r.ok());
  await page.goto('/dashboard');
  await sessionChecked;
}

/** Clicks the sign-in button and waits for the server's answer (the same text may already be shown). */
export async function submitLogin(page: Page, button: Locator): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/login') && r.request().method() === 'POST'),
    button.click(),
  ]);
  return response.status();
}

export async function openUserMenu(page: Page) {
  await page
    .locator('header')
    .getByRole('button', { name: /Menu do usuário|User menu/ })
    .click();
}

export async function chooseLanguage(page: Page, current: RegExp, option: string) {
  await page.getByRole('button', { name: current }).first().click();
  await page.getByRole('menuitemradio', { name: option }).click();
}

/**
 * Every test starts with the cookie choice made (the banner is the landing's subject and must never
 * cover a form), and with a fresh customer registered through the API, whose email is returned.
 */
export function withAnsweredCookiesAndCustomer(): () => string {
  let customer = '';
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
  return () => customer;
}
