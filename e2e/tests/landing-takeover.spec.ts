import { expect, type Page, test } from '@playwright/test';
import {
  CONSENT_KEY,
  header,
  holdTheApp,
  mainNav,
  pageSettled,
  prices,
  priceTexts,
  seePrices,
  watchAppRequests,
  withConsentGiven,
} from './landing-support.ts';

// The landing arrives pre-rendered with one small script; the app (React, router, texts) follows when
// the visitor goes further (a press, a touch, a key, a focus, or the prices scrolled into view), and
// hydrates the page. A visitor who acts before it is up gets what they would have got with it there.

/** The app is up once the language button is the menu's (Radix marks its state), not the page's stand-in. */
const appIsUp = (page: Page) =>
  expect(page.locator('header button[aria-haspopup="menu"][data-state]').first()).toBeAttached();

test('the landing sends its small script only, not the app or its preloads', async ({ request }) => {
  for (const lang of ['pt-BR', 'en-US']) {
    const html = await (await request.get('/', { headers: { 'accept-language': lang } })).text();
    expect(html.match(/<script[^>]*src="[^"]+"/g)).toEqual([
      expect.stringMatching(/src="\/assets\/landing-boot-[\w-]+\.js"/),
    ]);
    expect(html).not.toMatch(/start-app-|react-|texts-/);
    // Render-blocking: the cookie banner it shows is in the page's first paint.
    expect(html).toMatch(/<script type="module" crossorigin blocking="render" src="\/assets\/landing-boot-/);
  }
  // A page that is not pre-rendered still preloads the app so it starts at once.
  const register = await (await request.get('/register')).text();
  expect(register).toMatch(/<link rel="modulepreload"[^>]*start-app-/);
});

test.describe('on a phone', () => {
  // Lighthouse's phone: a page painted at this size and density is presented well after its load event.
  test.use({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });

  test('a visitor who only reads fetches no app; their first touch starts it', async ({ page }) => {
    const asked = watchAppRequests(page);
    await page.goto('/');
    await pageSettled(page);
    await expect(page.getByRole('dialog', { name: 'Sua privacidade' })).toBeVisible();
    expect(asked).toEqual([]);

    await page.getByRole('heading', { level: 1 }).tap();
    await appIsUp(page);
    expect(asked).toHaveLength(1);
  });

  test('scrolling down to the prices starts the app, which shows them', async ({ page }) => {
    const asked = watchAppRequests(page);
    await page.goto('/');
    await pageSettled(page);
    expect(asked).toEqual([]);
    await seePrices(page);
    expect(asked).toHaveLength(1);
  });
});

test.describe('before the app has loaded', () => {
  test.beforeEach(async ({ page }) => withConsentGiven(page));

  test('a visitor who scrolled away from the section in the address stays where they are when the app is up', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const release = await holdTheApp(page);
    await page.goto('/#how-it-works');
    const howTitle = page.getByRole('heading', { level: 2, name: 'Como funciona' });
    await expect(howTitle).toBeInViewport();
    await page.evaluate('window.scrollTo({ top: 0, behavior: "instant" })');
    const heroTitle = page.getByRole('heading', { level: 1 });
    await expect(heroTitle).toBeInViewport();

    release();
    await header(page).getByRole('button', { name: 'Idioma: Português (BRL)' }).focus();
    await appIsUp(page);
    await expect(heroTitle).toBeInViewport();
    await expect(howTitle).not.toBeInViewport();
  });

  test('the mobile menu pressed at once opens when the app is up', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const release = await holdTheApp(page);
    await page.goto('/');
    const menuButton = header(page).getByRole('button', { name: 'Menu' });
    await menuButton.click();
    // Nothing can answer yet: the page is as the server sent it.
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    release();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(mainNav(page).getByRole('link')).toHaveText(['Produtos', 'Como funciona']);
    await expect(header(page).getByRole('link', { name: 'Registrar' })).toBeVisible();
  });

  test('the language switch pressed at once opens its menu, and English follows', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const release = await holdTheApp(page);
    await page.goto('/');
    await header(page).getByRole('button', { name: 'Idioma: Português (BRL)' }).click();
    await expect(page.getByRole('menu')).toHaveCount(0);

    release();
    const menu = page.getByRole('menu', { name: 'Idioma' });
    await menu.getByRole('menuitemradio', { name: 'English (USD)' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Virtual numbers to receive verification SMS',
    );
    expect(await priceTexts(page)).toEqual(['$2.00', '$5.00', '$1.50']);
  });

  test('the sign-up call to action leads to the registration form', async ({ page }) => {
    const release = await holdTheApp(page);
    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'Criar conta' }).first().click();
    await expect(page).toHaveURL(/\/register$/);
    release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Criar sua conta');
  });

  test('the footer cookie button reopens the preferences once the app is up', async ({ page }) => {
    const release = await holdTheApp(page);
    await page.goto('/');
    const reopen = page.getByRole('contentinfo').getByRole('button', { name: 'Preferências de cookies' });
    await reopen.click();
    release();
    const banner = page.getByRole('dialog', { name: 'Sua privacidade' });
    await expect(banner).toBeVisible();
    await expect(banner).toBeFocused();
  });

  test('the keyboard focus stays where the visitor put it', async ({ page }) => {
    const release = await holdTheApp(page);
    await page.goto('/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
    await expect(skip).toBeFocused();
    release();
    await appIsUp(page);
    await expect(skip).toBeFocused();
  });

  test('the app takes the page over without moving it', async ({ page }) => {
    // The offline demo's banner is in the first paint too (the server marks a demo store's pages).
    await page.addInitScript(() => {
      const w = window as unknown as { shifted: number };
      w.shifted = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!entry.hadRecentInput) w.shifted += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.setViewportSize({ width: 360, height: 740 });
    const release = await holdTheApp(page);
    await page.goto('/');
    const heading = page.getByRole('heading', { level: 1 });
    const before = await heading.boundingBox();
    await expect(page.getByTestId('demo-banner')).toBeVisible();
    // A press on the text starts the app without scrolling the page.
    await heading.click();
    release();
    await appIsUp(page);
    await expect(prices(page)).toHaveCount(3);
    expect(await page.getByRole('heading', { level: 1 }).boundingBox()).toEqual(before);
    expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBeLessThanOrEqual(
      0.05,
    );
  });
});

test('the app takes over the page as sent: the same elements, nothing reported in the console', async ({
  page,
}) => {
  const reported: string[] = [];
  page.on('console', (message) => message.type() === 'error' && reported.push(message.text()));
  page.on('pageerror', (error) => reported.push(error.message));
  await withConsentGiven(page);
  const release = await holdTheApp(page);
  await page.goto('/');
  const heading = await page.getByRole('heading', { level: 1 }).elementHandle();
  await page.getByRole('heading', { level: 1 }).click();
  release();
  await appIsUp(page);
  await expect(prices(page)).toHaveCount(3);
  // Hydrated, not replaced: the heading the page arrived with is still the one on screen.
  expect(await heading?.evaluate((element) => element.isConnected)).toBe(true);
  expect(reported).toEqual([]);
});

test('a first visitor gets the cookie banner once the app is up, and the choice is kept', async ({
  page,
}) => {
  await page.goto('/');
  const banner = page.getByRole('dialog', { name: 'Sua privacidade' });
  await banner.getByRole('button', { name: 'Rejeitar opcionais' }).click();
  await expect(banner).toBeHidden();
  expect(
    JSON.parse((await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY)) ?? 'null'),
  ).toMatchObject({ analytics: false, marketing: false });
});
