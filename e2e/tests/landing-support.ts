import { expect, type Page } from '@playwright/test';

export const CONSENT_KEY = 'numero.cookie-consent';
export const LANG_KEY = 'numero.lang';
export const CATEGORIES_PATH = '/api/v1/catalog/categories';

/** Intl puts a non-breaking space between "R$" and the amount; compare with ordinary spaces. */
export const normalise = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').trim();

export const prices = (page: Page) => page.getByTestId('price');

/**
 * Scrolls to the landing's prices and waits for them. Before any interaction the page is as sent and
 * the prices are placeholders: they come into view, which starts the app, as for a visitor who scrolls.
 */
export async function seePrices(page: Page) {
  await page.locator('#products').scrollIntoViewIfNeeded();
  // The app's fetch and start come first, then the prices' request: more than one step's usual wait.
  await expect(prices(page)).toHaveCount(3, { timeout: 20_000 });
}

export async function priceTexts(page: Page) {
  await seePrices(page);
  return (await prices(page).allTextContents()).map(normalise);
}

/** Most tests are not about cookies: answer the banner beforehand so it stays out of the way. */
export async function withConsentGiven(page: Page) {
  await page.addInitScript(
    ([key]) => {
      if (!localStorage.getItem(key!)) {
        const choice = {
          essential: true,
          analytics: false,
          marketing: false,
          timestamp: new Date().toISOString(),
        };
        localStorage.setItem(key!, JSON.stringify(choice));
      }
    },
    [CONSENT_KEY],
  );
}

export async function withLanguage(page: Page, lang: 'pt' | 'en') {
  await page.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [LANG_KEY, lang]);
}

export const header = (page: Page) => page.getByRole('banner');
export const mainNav = (page: Page) => header(page).getByRole('navigation');

/** The app's code: the chunk the pre-rendered pages' script imports to start it. */
export const APP_CODE = /\/assets\/start-app-[\w-]+\.js$/;

/** Holds the app's code until `release()`, as on a slow connection: the visitor acts on the page as sent. */
export async function holdTheApp(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(APP_CODE, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Notes every request for the app's code the page makes from now on. */
export function watchAppRequests(page: Page) {
  const asked: string[] = [];
  page.on('request', (request) => APP_CODE.test(request.url()) && asked.push(request.url()));
  return asked;
}

/**
 * Resolves once the page is loaded, painted and the browser idle after that: when the app used to be
 * fetched by itself, and would be again if the page still asked for it without the visitor.
 */
export const pageSettled = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const idle = () => requestIdleCallback(() => requestIdleCallback(() => resolve()));
        const observer = new PerformanceObserver((list) => {
          if (list.getEntriesByName('first-contentful-paint').length === 0) return;
          observer.disconnect();
          if (document.readyState === 'complete') idle();
          else addEventListener('load', idle, { once: true });
        });
        observer.observe({ type: 'paint', buffered: true });
      }),
  );
