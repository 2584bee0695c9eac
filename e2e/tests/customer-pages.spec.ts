import { type Browser, expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { E2E_ADMIN } from '../playwright.config.ts';
import { PASSWORD, uniqueEmail } from './auth-support.ts';
import { checkPage, WIDTHS } from './page-check.ts';
import { headers, signInViaApi } from './staff-support.ts';
import { customerWithActivity, presetLanguageAndConsent } from './support.ts';

/**
 * Every page of the store at 360 px and 1280 px, in both languages, walked by a visitor, a customer and
 * an ADMIN: each passes `checkPage` (it fits, draws no emoji, reads as words of its own language rather
 * than codes, and axe finds nothing serious). The customer has activity (a top-up and a purchase), and
 * the one staff look at has a trail with something of every kind staff read.
 */

const VISITOR_PAGES = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/unauthorized',
  '/faq',
  '/privacy',
  '/terms',
  '/docs/api',
];
const CUSTOMER_PAGES = [
  '/',
  '/dashboard',
  '/profile',
  '/dashboard/products',
  '/dashboard/products?service=wa',
  '/dashboard/balance',
  '/dashboard/orders',
  'ACTIVATION',
  '/faq',
  '/docs/api',
];
// Every staff screen, as an ADMIN sees it; CUSTOMER is the walk's customer (orders and top-ups to show).
const STAFF_PAGES = [
  '/admin',
  '/admin/users',
  'CUSTOMER',
  '/admin/products',
  '/admin/products/new',
  '/admin/products/categories',
  '/admin/products/pricing',
  '/admin/categories',
  '/admin/countries',
  '/admin/orders',
  '/admin/orders/reports',
  '/admin/orders/export',
  '/admin/reports',
  '/admin/sms',
  '/admin/settings',
  '/admin/audit',
];

// The sweep is split by who walks it and spread over the workers: each test is self-contained.
test.describe.configure({ mode: 'parallel' });

async function openIn(browser: Browser, lang: 'pt' | 'en') {
  const context = await browser.newContext({ viewport: { width: WIDTHS[0], height: 800 } });
  const page = await context.newPage();
  await presetLanguageAndConsent(page, lang);
  return { context, page };
}

/**
 * A customer whose trail has what staff read: a top-up, a purchase, an API key, two-step verification
 * and a data export; returns their id. The long mailbox name has to wrap on a phone.
 */
async function customerWithATrail(page: Page): Promise<string> {
  await customerWithActivity(page, uniqueEmail('a-long-mailbox-name-that-has-to-wrap-on-a-phone'));
  const me = page.request;
  expect((await me.post('/api/v1/api-keys', { headers, data: { name: 'bot-7' } })).status()).toBe(201);
  const { secret } = await (await me.post('/api/v1/auth/2fa/setup', { headers })).json();
  const enabled = await me.post('/api/v1/auth/2fa/enable', {
    headers,
    data: { code: await generate({ secret }) },
  });
  expect(enabled.status(), await enabled.text()).toBe(200);
  expect((await me.get('/api/v1/users/me/export')).status()).toBe(200);
  return (await (await me.get('/api/v1/users/me')).json()).id;
}

for (const lang of ['pt', 'en'] as const) {
  test.describe(`every page at ${WIDTHS.join(' and ')} px in ${lang}`, () => {
    // Every page of one walk at both widths, axe on one: minutes on a slow two-core machine.
    test.beforeEach(() => test.setTimeout(300_000));
    const at = { lang };

    test('as a visitor', async ({ browser }) => {
      const problems: string[] = [];
      const visitor = await openIn(browser, lang);
      for (const path of VISITOR_PAGES) problems.push(...(await checkPage(visitor.page, path, path, at)));
      await visitor.context.close();
      expect(problems).toEqual([]);
    });

    test('as a customer with activity', async ({ browser }) => {
      const problems: string[] = [];
      const { context, page } = await openIn(browser, lang);
      const activation = await customerWithActivity(page);
      for (const path of CUSTOMER_PAGES) {
        const url = path === 'ACTIVATION' ? `/dashboard/activations/${activation}` : path;
        problems.push(...(await checkPage(page, url, path, at)));
      }
      // The number just bought is active, and the dashboard says so in both places.
      await page.goto('/dashboard');
      await expect(page.getByTestId('dashboard-active-value')).toHaveText('1', { timeout: 30_000 });
      await expect(page.getByTestId('dashboard-active')).toContainText(
        lang === 'pt' ? '1 número em andamento' : '1 number in progress',
      );
      // A customer sent away from a staff page sees the unauthorized page with their own header.
      const signedInHeader = async (width: number) => {
        const header =
          width < 640
            ? page.locator('header').getByRole('button', { name: /Abrir menu|Open menu/ })
            : page.getByTestId('header-balance');
        const shown = await header
          .waitFor({ timeout: 7_000 })
          .then(() => true)
          .catch(() => false);
        if (!shown) problems.push(`/unauthorized at ${width} px: not the signed-in header`);
      };
      problems.push(...(await checkPage(page, '/admin/users', '/unauthorized', at, signedInHeader)));
      await expect(page).toHaveURL(/\/unauthorized$/);
      await expect(page.getByRole('link', { name: /Voltar ao painel|Back to the dashboard/ })).toBeVisible();
      await context.close();
      expect(problems).toEqual([]);
    });

    test('as an ADMIN, with a customer who has a trail to show', async ({ browser }) => {
      const customer = await openIn(browser, lang);
      const customerId = await customerWithATrail(customer.page);
      await customer.context.close();

      const { context, page } = await openIn(browser, lang);
      await signInViaApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
      const adjusted = await page.request.post(`/api/v1/admin/users/${customerId}/wallet-adjustments`, {
        headers,
        // A reason in no particular language: what staff type is theirs, not the store's text.
        data: { currency: 'BRL', amount: 1_000, reason: 'PIX E2E-4821' },
      });
      expect(adjusted.status(), await adjusted.text()).toBe(201);
      // The names people gave themselves (other tests' staff, "Administrador") are theirs, not the
      // store's words: the newest hundred accounts cover the lists staff see.
      const accounts = (await (await page.request.get('/api/v1/admin/users?limit=100')).json()) as {
        profile: { full_name: string | null };
      }[];
      const people = accounts.flatMap((a) => (a.profile.full_name ? [a.profile.full_name] : []));
      const staffAt = { ...at, people };
      const problems: string[] = [];
      for (const path of STAFF_PAGES) {
        const url = path === 'CUSTOMER' ? `/admin/users/${customerId}` : path;
        const ownChecks = async (width: number) => {
          if (path === '/admin/orders')
            // Nine columns fit a laptop: a table there, cards on a phone.
            await expect(page.getByRole('table')).toHaveCount(width >= 1024 ? 1 : 0);
        };
        problems.push(...(await checkPage(page, url, path, staffAt, ownChecks)));
        if (path === 'CUSTOMER') {
          // The adjustment in money (R$ 10,00, and the balance before and after), never in cents.
          const trail = page.getByTestId('user-audit');
          await expect(trail).toContainText(lang === 'pt' ? 'Ajuste de saldo' : 'Balance adjustment');
          await expect(trail).toContainText(lang === 'pt' ? /R\$\s10,00/ : /R\$10\.00/);
        }
        if (path === '/admin/orders/reports')
          await expect(page.getByTestId('orders-reports-note').getByRole('link')).toHaveAttribute(
            'href',
            /^\/admin\/reports/,
          );
      }
      await context.close();
      expect(problems).toEqual([]);
    });
  });
}

test("at 360 px the drawer's language menu fits the screen and both languages can be tapped", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
  const page = await context.newPage();
  await presetLanguageAndConsent(page, 'pt');
  await customerWithActivity(page);
  await page.goto('/dashboard');
  await page.locator('header').getByRole('button', { name: 'Abrir menu' }).click();
  await page
    .locator('header')
    .getByRole('button', { name: /Idioma/ })
    .click();
  for (const name of ['English (USD)', 'Português (BRL)']) {
    const item = page.getByRole('menuitemradio', { name });
    await item.scrollIntoViewIfNeeded();
    const box = (await item.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    // Nothing lies over it: a tap at its centre lands on it.
    const hit = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('[role="menuitemradio"]')?.textContent ?? null,
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    expect(hit).toContain(name);
  }
  await page.getByRole('menuitemradio', { name: 'English (USD)' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await context.close();
});

test('a MANAGER finds the admin link in the header and the user menu, and a way back from /unauthorized', async ({
  page,
}) => {
  await presetLanguageAndConsent(page, 'pt');
  await signInViaApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  const email = uniqueEmail('manager-nav');
  const created = await page.request.post('/api/v1/users/register', {
    headers,
    data: { email, password: PASSWORD, role: 'MANAGER', profile: { full_name: 'Gerente Nav' } },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.request.post('/api/v1/auth/logout', { headers });
  await signInViaApi(page.request, email, PASSWORD);

  await page.goto('/dashboard');
  const nav = page.locator('header').getByRole('navigation');
  await nav.getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page
    .locator('header')
    .getByRole('button', { name: /Menu do usuário/ })
    .click();
  await expect(
    page.getByRole('menu', { name: 'Menu do usuário' }).getByRole('menuitem', { name: 'Painel admin' }),
  ).toBeVisible();

  // A staff page of ADMIN only: the manager keeps their header and gets back to the dashboard.
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByTestId('header-balance')).toBeVisible();
  await page.getByRole('link', { name: 'Voltar ao painel' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
