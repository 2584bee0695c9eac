import { expect, test } from '@playwright/test';

// The landing is in the page the server sends, in the reader's language: visible before any JavaScript.
test.describe('the landing without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('shows its heading and sign-up links in Portuguese', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Números virtuais para receber SMS de verificação',
    );
    await expect(page).toHaveTitle('Numero — números virtuais para receber SMS');
    await expect(page.getByRole('link', { name: 'Registrar' }).first()).toBeVisible();
  });

  test.describe('for an English reader', () => {
    test.use({ locale: 'en-US' });
    test('shows it in English', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Virtual numbers to receive verification SMS',
      );
    });
  });
});
