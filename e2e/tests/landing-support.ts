import { expect, type Page } from '@playwright/test';

export const CONSENT_KEY = 'numero.cookie-consent';
export const LANG_KEY = 'numero.lang';
export const CATEGORIES_PATH = '/api/v1/catalog/categories';

/** Intl puts a non-breaking space between "R$" and the amount; compare with ordinary spaces. */
export const normalise = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').trim();

export const prices = (page: Page) => page.getByTestId('price');

export async function priceTexts(page: Page) {
  await expect(prices(page)).toHaveCount(3);
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

/** Holds the app's code until `release()`, as on a slow connection: the visitor acts on the page as sent. */
export async function holdTheApp(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/start-app-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
