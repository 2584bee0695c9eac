import { type Browser, expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { E2E_ADMIN } from '../playwright.config.ts';
import { uniqueEmail } from './auth-support.ts';
import { headers, signInViaApi } from './staff-support.ts';
import { customerWithActivity, presetLanguageAndConsent, seriousAxeViolations } from './support.ts';
import { wordsOutOfPlace } from './words-support.ts';

/**
 * Staff and customers read words, not codes (issue 35): every staff page and every customer page, in
 * both languages at 360 and 1280 px, shows no raw enum code of the contract and no word of the other
 * language, in its text or in the names it gives screen readers, and scrolls nothing sideways. Axe runs
 * on the pages this sweep was written for (customer-pages.spec.ts runs it on every page).
 */

const CUSTOMER_PAGES = [
  '/dashboard',
  '/profile',
  '/dashboard/products',
  '/dashboard/products?service=wa',
  '/dashboard/balance',
  '/dashboard/orders',
  'ACTIVATION',
];
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
/** Where the texts, tables and links of this change are: axe checks them at every width and language. */
const AXE_PAGES = new Set(['/dashboard', 'CUSTOMER', '/admin/orders', '/admin/audit']);

/**
 * All a person reads on the page: its text and the names and hints its controls give, less the
 * identifiers marked translate="no" (a SKU, a slug), which are the same in every language.
 */
const readable = (page: Page) =>
  page.evaluate(() => {
    const attributes = Array.from(document.querySelectorAll('[aria-label], [title], [placeholder]')).flatMap(
      (el) => ['aria-label', 'title', 'placeholder'].map((a) => el.getAttribute(a) ?? ''),
    );
    const options = Array.from(document.querySelectorAll('option')).map((o) => o.textContent ?? '');
    // Headings set in capitals by CSS read as words, not as codes: the text as written is what counts.
    const asWritten = document.createElement('style');
    asWritten.textContent = '* { text-transform: none !important; }';
    document.head.append(asWritten);
    let text = [document.body.innerText, ...attributes, ...options].join('\n');
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('[translate="no"]')))
      text = text.replaceAll(el.innerText, ' ');
    asWritten.remove();
    return { text, scrollWidth: document.documentElement.scrollWidth };
  });

/** `people`: names people gave themselves (the seeded admin is "Administrador"), left out of the check. */
async function sweep(
  page: Page,
  path: string,
  shown: string,
  lang: 'pt' | 'en',
  width: number,
  people: string[] = [],
) {
  return test.step(shown, async () => {
    const problems: string[] = [];
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    // Skeletons and busy lists settle before reading.
    await expect(page.locator('.animate-pulse:visible, [aria-busy="true"]:visible')).toHaveCount(0, {
      timeout: 30_000,
    });
    const { text, scrollWidth } = await readable(page);
    if (scrollWidth > width) problems.push(`${shown}: scrolls sideways (${scrollWidth} px at ${width})`);
    for (const w of wordsOutOfPlace(text, lang, people)) problems.push(`${shown}: ${w}`);
    if (AXE_PAGES.has(shown))
      for (const v of await seriousAxeViolations(page, ['[data-sonner-toaster]']))
        problems.push(`${shown}: axe ${v.id} at ${v.targets.slice(0, 2).join(', ')}`);
    return problems;
  });
}

async function openAt(browser: Browser, width: number, lang: 'pt' | 'en') {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await presetLanguageAndConsent(page, lang);
  return { context, page };
}

test.describe.configure({ mode: 'parallel' });
// Seven or sixteen pages and their data: 10 to 25 s on an idle two-core machine, several times that on a busy one.
test.beforeEach(() => test.setTimeout(240_000));

for (const lang of ['pt', 'en'] as const) {
  for (const width of [360, 1280]) {
    test(`a customer reads words, not codes, at ${width} px in ${lang}`, async ({ browser }) => {
      const { context, page } = await openAt(browser, width, lang);
      const activation = await customerWithActivity(page);
      const problems: string[] = [];
      for (const path of CUSTOMER_PAGES) {
        const url = path === 'ACTIVATION' ? `/dashboard/activations/${activation}` : path;
        problems.push(...(await sweep(page, url, path, lang, width)));
      }
      // The number just bought is active, and the dashboard says so in both places.
      await page.goto('/dashboard');
      await expect(page.getByTestId('dashboard-active-value')).toHaveText('1', { timeout: 30_000 });
      await expect(page.getByTestId('dashboard-active')).toContainText(
        lang === 'pt' ? '1 número em andamento' : '1 number in progress',
      );
      await context.close();
      expect(problems).toEqual([]);
    });

    test(`staff read words, not codes, at ${width} px in ${lang}`, async ({ browser }) => {
      // A customer whose trail has what staff read: a top-up, a purchase, a key, two-step verification,
      // a data export and a staff adjustment of R$ 10,00.
      const customer = await openAt(browser, width, lang);
      await customerWithActivity(
        customer.page,
        uniqueEmail('a-long-mailbox-name-that-has-to-wrap-on-a-phone'),
      );
      const me = customer.page.request;
      expect((await me.post('/api/v1/api-keys', { headers, data: { name: 'bot-7' } })).status()).toBe(201);
      const { secret } = await (await me.post('/api/v1/auth/2fa/setup', { headers })).json();
      const enabled = await me.post('/api/v1/auth/2fa/enable', {
        headers,
        data: { code: await generate({ secret }) },
      });
      expect(enabled.status(), await enabled.text()).toBe(200);
      expect((await me.get('/api/v1/users/me/export')).status()).toBe(200);
      const customerId = (await (await me.get('/api/v1/users/me')).json()).id;
      await customer.context.close();

      const { context, page } = await openAt(browser, width, lang);
      await signInViaApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
      const adjusted = await page.request.post(`/api/v1/admin/users/${customerId}/wallet-adjustments`, {
        headers,
        // A reason in no particular language: what staff type is theirs, not the store's text.
        data: { currency: 'BRL', amount: 1_000, reason: 'PIX E2E-4821' },
      });
      expect(adjusted.status(), await adjusted.text()).toBe(201);
      const staffName = (await (await page.request.get('/api/v1/users/me')).json()).profile
        .full_name as string;
      const problems: string[] = [];
      for (const path of STAFF_PAGES) {
        const url = path === 'CUSTOMER' ? `/admin/users/${customerId}` : path;
        problems.push(...(await sweep(page, url, path, lang, width, [staffName])));
        if (path === 'CUSTOMER') {
          // The adjustment in money (R$ 10,00, and the balance before and after), never in cents.
          const trail = page.getByTestId('user-audit');
          await expect(trail).toContainText(lang === 'pt' ? 'Ajuste de saldo' : 'Balance adjustment');
          await expect(trail).toContainText(lang === 'pt' ? /R\$\s10,00/ : /R\$10\.00/);
        }
        if (path === '/admin/orders')
          // Nine columns fit a laptop: a table there, cards on a phone.
          await expect(page.getByRole('table')).toHaveCount(width >= 1024 ? 1 : 0);
        if (path === '/admin/orders/reports')
          await expect(page.getByTestId('orders-reports-note').getByRole('link')).toHaveAttribute(
            'href',
            /^\/admin\/reports/,
          );
      }
      await context.close();
      expect(problems).toEqual([]);
    });
  }
}
