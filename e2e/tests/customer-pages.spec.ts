import { type Browser, expect, type Page, test } from '@playwright/test';
import { baseURL, E2E_ADMIN } from '../playwright.config.ts';
import { PASSWORD, uniqueEmail } from './auth-support.ts';
import { signInViaApi } from './staff-support.ts';
import { customerWithActivity, presetLanguageAndConsent, seriousAxeViolations } from './support.ts';

/**
 * Every page of the store at 360 px and 1280 px, in both languages: nothing scrolls sideways, no emoji
 * is drawn (they show as empty boxes where the system has no emoji font), and axe finds nothing serious.
 * The customer has activity (a top-up and a purchase) and money in both wallets, as a real one would.
 */

// Pictographs drawn as emoji; plain symbols such as the copyright sign are not.
const EMOJI = /\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F|\p{Regional_Indicator}/u;
const headers = { Origin: baseURL };

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
  '/unauthorized',
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

async function check(page: Page, path: string, width: number, problems: string[]) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // Skeletons and busy lists settle before measuring.
  await expect(page.locator('.animate-pulse, [aria-busy="true"]')).toHaveCount(0);
  const { scrollWidth, text } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    text: document.body.innerText,
  }));
  if (scrollWidth !== width) problems.push(`${path}: scrollWidth ${scrollWidth} at ${width} px`);
  // A box that scrolls sideways hides what is past its edge (amounts in a table, say).
  const sideways = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((el) => {
        const style = getComputedStyle(el);
        return (
          (style.overflowX === 'auto' || style.overflowX === 'scroll') &&
          el.offsetParent !== null &&
          el.scrollWidth > el.clientWidth + 1
        );
      })
      .map((el) => el.getAttribute('aria-label') ?? el.tagName.toLowerCase()),
  );
  if (sideways.length > 0) problems.push(`${path}: sideways-scrolling boxes ${sideways.join(', ')}`);
  const small = await page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLElement>(
        'button, a[href], input, select, summary, [role="menuitemradio"]',
      ),
    )
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const inText = el.tagName === 'A' && getComputedStyle(el).display === 'inline';
        // The skip link is visually hidden (clipped) until focused.
        const style = getComputedStyle(el);
        const hidden = style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)';
        const offScreen = hidden || r.bottom <= 0 || r.right <= 0;
        return (
          r.width > 0 &&
          r.height > 0 &&
          r.height < 44 &&
          !inText &&
          !offScreen &&
          el.getAttribute('type') !== 'checkbox' &&
          el.getAttribute('type') !== 'radio'
        );
      })
      .map(
        (el) =>
          `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(el.getBoundingClientRect().height)}px`,
      ),
  );
  if (width < 640 && small.length > 0)
    problems.push(`${path}: ${small.length} targets under 44 px: ${small.slice(0, 6).join('; ')}`);
  const emoji = text.match(EMOJI);
  if (emoji) problems.push(`${path}: emoji ${emoji[0]} in the text`);
  const axe = await seriousAxeViolations(page, ['[data-sonner-toaster]']);
  for (const v of axe)
    problems.push(`${path}: axe ${v.id} (${v.help}) at ${v.targets.slice(0, 3).join(', ')}`);
}

// The sweep is split by who walks it and spread over the workers: each test is self-contained.
test.describe.configure({ mode: 'parallel' });

async function openAt(browser: Browser, width: number, lang: 'pt' | 'en') {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  await presetLanguageAndConsent(page, lang);
  return { context, page };
}

for (const lang of ['pt', 'en'] as const) {
  for (const width of [360, 1280]) {
    test.describe(`every page at ${width} px in ${lang} fits, draws no emoji and passes axe`, () => {
      // Every page of one walk, axe on each: over a minute on a slow two-core machine.
      test.beforeEach(() => test.setTimeout(240_000));

      test('as a visitor', async ({ browser }) => {
        const problems: string[] = [];
        const visitor = await openAt(browser, width, lang);
        for (const path of VISITOR_PAGES) await check(visitor.page, path, width, problems);
        await visitor.context.close();
        expect(problems).toEqual([]);
      });

      test('as a customer with activity', async ({ browser }) => {
        const problems: string[] = [];
        const customer = await openAt(browser, width, lang);
        const activation = await customerWithActivity(customer.page);
        for (const path of CUSTOMER_PAGES)
          await check(
            customer.page,
            path === 'ACTIVATION' ? `/dashboard/activations/${activation}` : path,
            width,
            problems,
          );
        // A customer sent away from a staff page sees the unauthorized page with their own header.
        await customer.page.goto('/admin/users');
        await expect(customer.page).toHaveURL(/\/unauthorized$/);
        const signedInHeader =
          width < 640
            ? customer.page.locator('header').getByRole('button', { name: /Abrir menu|Open menu/ })
            : customer.page.getByTestId('header-balance');
        const shown = await signedInHeader
          .waitFor({ timeout: 7_000 })
          .then(() => true)
          .catch(() => false);
        if (!shown) problems.push('/unauthorized: not the signed-in header');
        await expect(
          customer.page.getByRole('link', { name: /Voltar ao painel|Back to the dashboard/ }),
        ).toBeVisible();
        await customer.context.close();
        expect(problems).toEqual([]);
      });

      test('as an ADMIN, with a customer who has activity to show', async ({ browser }) => {
        const problems: string[] = [];
        const customer = await openAt(browser, width, lang);
        await customerWithActivity(customer.page);
        const customerId = (await (await customer.page.request.get('/api/v1/users/me')).json()).id;
        await customer.context.close();
        const staff = await openAt(browser, width, lang);
        await signInViaApi(staff.page.request, E2E_ADMIN.email, E2E_ADMIN.password);
        for (const path of STAFF_PAGES)
          await check(staff.page, path === 'CUSTOMER' ? `/admin/users/${customerId}` : path, width, problems);
        await staff.context.close();
        expect(problems).toEqual([]);
      });
    });
  }
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
