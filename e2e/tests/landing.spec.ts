import { expect, test } from '@playwright/test';
import {
  CATEGORIES_PATH,
  header,
  LANG_KEY,
  mainNav,
  priceTexts,
  seePrices,
  withConsentGiven,
} from './landing-support.ts';

test.describe('landing page', () => {
  test.describe('with the cookie choice already made', () => {
    test.beforeEach(async ({ page }) => withConsentGiven(page));

    test('answers in Portuguese with the prices read from the API', async ({ page }) => {
      const response = page.waitForResponse((r) => r.url().includes(CATEGORIES_PATH));
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Números virtuais para receber SMS de verificação',
      );
      expect(await priceTexts(page)).toEqual(['R$ 2,00', 'R$ 5,00', 'R$ 1,50']);
      const request = new URL((await response).url());
      expect(request.searchParams.get('currency')).toBe('BRL');
      expect(request.searchParams.get('lang')).toBe('pt');

      const products = page.locator('#products');
      await expect(products.getByRole('heading', { level: 3 })).toHaveText([
        'SMS',
        'WhatsApp',
        'Verificação',
      ]);
      await expect(products.getByText('a partir de')).toHaveCount(3);
      await expect(products.getByRole('link', { name: 'Ver ofertas de WhatsApp' })).toHaveAttribute(
        'href',
        '/dashboard/products?category=whatsapp',
      );
      await expect(page).toHaveTitle(/números virtuais/);
    });

    test('shows whatever price the API sends, not a price written in the page', async ({ page }) => {
      await page.route(`**${CATEGORIES_PATH}?*`, (route) =>
        route.fulfill({
          json: [
            { slug: 'sms', name: 'SMS', from_price: 1234, currency: 'BRL' },
            { slug: 'whatsapp', name: 'WhatsApp', from_price: 99, currency: 'BRL' },
            { slug: 'verification', name: 'Verificação', from_price: 100000, currency: 'BRL' },
          ],
        }),
      );
      await page.goto('/');
      expect(await priceTexts(page)).toEqual(['R$ 12,34', 'R$ 0,99', 'R$ 1.000,00']);
    });

    test('shows skeletons while loading, then an error with a retry that works', async ({ page }) => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let failures = 0;
      await page.route(`**${CATEGORIES_PATH}?*`, async (route) => {
        // Hold the first answers so the loading state can be seen, then fail twice (the query retries once).
        await held;
        if (failures < 2) {
          failures += 1;
          return route.fulfill({ status: 503, json: { detail: 'down', code: 'UNAVAILABLE' } });
        }
        return route.continue();
      });
      await page.goto('/');
      // The page as sent has the placeholders; scrolled to, they start the app, which asks for the prices.
      await page.locator('#products').scrollIntoViewIfNeeded();
      await expect(page.locator('#products [aria-busy="true"]')).toBeVisible();
      await expect(page.locator('#products').getByRole('status')).toHaveText('Carregando preços…');
      release();

      const alert = page.locator('#products').getByRole('alert');
      await expect(alert).toContainText('Não foi possível carregar os preços');
      await alert.getByRole('button', { name: 'Tentar novamente' }).click();
      expect(await priceTexts(page)).toEqual(['R$ 2,00', 'R$ 5,00', 'R$ 1,50']);
      await expect(alert).toHaveCount(0);
    });

    test('switching to English shows dollars and English texts, and the choice survives a reload', async ({
      page,
    }) => {
      await page.goto('/');
      await seePrices(page);

      const switcher = header(page).getByRole('button', { name: 'Idioma: Português (BRL)' });
      await switcher.click();
      const menu = page.getByRole('menu', { name: 'Idioma' });
      await expect(menu.getByRole('menuitemradio')).toHaveText(['English (USD)', 'Português (BRL)']);
      await expect(menu.getByRole('menuitemradio', { name: 'Português (BRL)' })).toHaveAttribute(
        'aria-checked',
        'true',
      );
      const usdRequest = page.waitForRequest((r) =>
        r.url().includes(`${CATEGORIES_PATH}?currency=USD&lang=en`),
      );
      await menu.getByRole('menuitemradio', { name: 'English (USD)' }).click();
      await usdRequest;

      const checkEnglish = async () => {
        await expect(page.locator('html')).toHaveAttribute('lang', 'en');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          'Virtual numbers to receive verification SMS',
        );
        expect(await priceTexts(page)).toEqual(['$2.00', '$5.00', '$1.50']);
        await expect(page.locator('#products').getByText('from', { exact: true })).toHaveCount(3);
        await expect(page.locator('#products').getByRole('heading', { level: 3 })).toHaveText([
          'SMS',
          'WhatsApp',
          'Verification',
        ]);
        await expect(mainNav(page).getByRole('link')).toHaveText(['Products', 'How it works']);
        await expect(header(page).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
        await expect(header(page).getByRole('link', { name: 'Sign up' })).toHaveAttribute(
          'href',
          '/register',
        );
        await expect(page.getByRole('contentinfo')).toContainText('© 2025 Numero');
        await expect(header(page).getByRole('button', { name: 'Language: English (USD)' })).toBeVisible();
      };
      await checkEnglish();
      expect(await page.evaluate((key) => localStorage.getItem(key), LANG_KEY)).toBe('en');

      await page.reload();
      await checkEnglish();

      await header(page).getByRole('button', { name: 'Language: English (USD)' }).click();
      await page.getByRole('menuitemradio', { name: 'Português (BRL)' }).click();
      expect(await priceTexts(page)).toEqual(['R$ 2,00', 'R$ 5,00', 'R$ 1,50']);
      await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    });

    test('the language menu works from the keyboard', async ({ page }) => {
      await page.goto('/');
      const switcher = header(page).getByRole('button', { name: /^Idioma:/ });
      // Reaching the button starts the app; the menu's code follows, and its button carries the menu's state.
      await switcher.focus();
      await expect(switcher).toHaveAttribute('data-state', 'closed');
      await expect(switcher).toBeFocused();
      // The WAI-ARIA menu button: Enter or Down Arrow opens the menu on its first item.
      await page.keyboard.press('Enter');
      await expect(page.getByRole('menuitemradio', { name: 'English (USD)' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();
      await expect(switcher).toBeFocused();

      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('menu', { name: 'Idioma' })).toBeVisible();
      await page.keyboard.press('End');
      await expect(page.getByRole('menuitemradio', { name: 'Português (BRL)' })).toBeFocused();
      await page.keyboard.press('ArrowUp');
      await expect(page.getByRole('menuitemradio', { name: 'English (USD)' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(header(page).getByRole('button', { name: 'Language: English (USD)' })).toBeFocused();
    });

    test('the header links go home, to the sections, to sign-in and to sign-up', async ({ page }) => {
      await page.goto('/');
      await expect(header(page).getByRole('link', { name: 'Numero' })).toHaveAttribute('href', '/');
      await expect(mainNav(page).getByRole('link', { name: 'Produtos' })).toHaveAttribute(
        'href',
        '#products',
      );
      await expect(mainNav(page).getByRole('link', { name: 'Como funciona' })).toHaveAttribute(
        'href',
        '#how-it-works',
      );
      await expect(header(page).getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
      await expect(header(page).getByRole('link', { name: 'Registrar' })).toHaveAttribute(
        'href',
        '/register',
      );
    });

    test('the anchor links scroll their sections into view', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.goto('/');
      const productsTitle = page.getByRole('heading', { level: 2, name: 'Produtos' });
      const howTitle = page.getByRole('heading', { level: 2, name: 'Como funciona' });
      await expect(howTitle).not.toBeInViewport();

      await mainNav(page).getByRole('link', { name: 'Como funciona' }).click();
      await expect(page).toHaveURL(/#how-it-works$/);
      await expect(howTitle).toBeInViewport();

      await mainNav(page).getByRole('link', { name: 'Produtos' }).click();
      await expect(page).toHaveURL(/#products$/);
      await expect(productsTitle).toBeInViewport();
      // Once the smooth scroll settles, the title sits below the sticky header, not under it.
      const headerBottom = await header(page).evaluate((el) => el.getBoundingClientRect().bottom);
      await expect
        .poll(async () => (await productsTitle.boundingBox())?.y ?? -1)
        .toBeGreaterThanOrEqual(headerBottom);

      await page.evaluate('window.scrollTo({ top: 0, behavior: "instant" })');
      await page.getByRole('main').getByRole('link', { name: 'Ver produtos' }).click();
      await expect(productsTitle).toBeInViewport();
    });

    test('from another page, the section links go back to the landing and show the section', async ({
      page,
    }) => {
      await page.goto('/login');
      await mainNav(page).getByRole('link', { name: 'Como funciona' }).click();
      await expect(page).toHaveURL(/\/#how-it-works$/);
      await expect(page.getByRole('heading', { level: 2, name: 'Como funciona' })).toBeInViewport();
    });

    test('has one main, one h1, a header, a footer and a working skip link', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('main')).toHaveCount(1);
      await expect(page.getByRole('main')).toHaveAttribute('id', 'main');
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('banner')).toHaveCount(1);
      await expect(page.getByRole('contentinfo')).toHaveCount(1);
      await expect(page.getByRole('contentinfo')).toContainText('© 2025 Numero');

      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/#main$/);
      await expect(page.getByRole('main')).toBeFocused();
    });

    test('the how-it-works section has the three steps', async ({ page }) => {
      await page.goto('/');
      const steps = page.locator('#how-it-works ol > li');
      await expect(steps).toHaveCount(3);
      await expect(steps.getByRole('heading', { level: 3 })).toHaveText([
        'Crie sua conta',
        'Adicione saldo',
        'Compre e ative',
      ]);
      await expect(steps.nth(1)).toContainText('PIX, cartão ou boleto');
      await expect(page.getByRole('main')).toContainText('em até 20 minutos');
    });

    test('an unknown path lands on /', async ({ page }) => {
      await page.goto('/no/such/page');
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });

    test('at 360 px wide the menu button opens the navigation', async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto('/');
      await seePrices(page);
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);

      const menuButton = header(page).getByRole('button', { name: 'Menu' });
      await expect(mainNav(page)).toBeHidden();
      await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
      const box = await menuButton.boundingBox();
      expect(box!.width).toBeGreaterThanOrEqual(44);
      expect(box!.height).toBeGreaterThanOrEqual(44);

      await menuButton.click();
      await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
      await expect(mainNav(page).getByRole('link')).toHaveText(['Produtos', 'Como funciona']);
      await expect(header(page).getByRole('link', { name: 'Entrar' })).toBeVisible();
      await expect(header(page).getByRole('link', { name: 'Registrar' })).toBeVisible();
      await expect(header(page).getByRole('button', { name: /^Idioma:/ })).toBeVisible();
      for (const link of await header(page).locator('#site-menu a').all()) {
        expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      }

      await page.keyboard.press('Escape');
      await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
      await expect(menuButton).toBeFocused();

      await menuButton.click();
      await mainNav(page).getByRole('link', { name: 'Como funciona' }).click();
      await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByRole('heading', { level: 2, name: 'Como funciona' })).toBeInViewport();

      await menuButton.click();
      await header(page)
        .getByRole('button', { name: /^Idioma:/ })
        .click();
      await page.getByRole('menuitemradio', { name: 'English (USD)' }).click();
      // The prices follow once the English texts and the USD list have arrived.
      await expect.poll(() => priceTexts(page)).toEqual(['$2.00', '$5.00', '$1.50']);
    });
  });
});
