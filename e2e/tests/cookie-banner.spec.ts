import { expect, test } from '@playwright/test';
import { CONSENT_KEY, seePrices, withConsentGiven, withLanguage } from './landing-support.ts';
import { seriousAxeViolations } from './support.ts';

test.describe('cookie banner on the landing page', () => {
  test('the cookie choice persists across reloads and can be reopened from the footer', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('dialog', { name: 'Sua privacidade' });
    await expect(banner).toBeVisible();
    await expect(banner).toHaveAttribute('aria-modal', 'false');
    await expect(banner).toContainText('cookies essenciais');

    await banner.getByRole('button', { name: 'Personalizar' }).click();
    const essential = banner.getByRole('checkbox', { name: /Essenciais/ });
    await expect(essential).toBeChecked();
    await expect(essential).toBeDisabled();
    await expect(banner.getByRole('checkbox', { name: 'Análise' })).not.toBeChecked();
    await banner.getByRole('checkbox', { name: 'Análise' }).check();
    await banner.getByRole('button', { name: 'Salvar escolhas' }).click();
    await expect(banner).toBeHidden();

    const stored = async () =>
      JSON.parse((await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY)) ?? 'null');
    const saved = await stored();
    expect(saved).toMatchObject({ essential: true, analytics: true, marketing: false });
    expect(Number.isNaN(Date.parse(saved.timestamp))).toBe(false);

    await page.reload();
    await seePrices(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const reopen = page.getByRole('contentinfo').getByRole('button', { name: 'Preferências de cookies' });
    await reopen.click();
    await expect(banner).toBeVisible();
    await expect(banner).toBeFocused();
    await expect(banner.getByRole('checkbox', { name: 'Análise' })).toBeChecked();
    await expect(banner.getByRole('checkbox', { name: 'Marketing' })).not.toBeChecked();

    // Escape leaves the choice as it was.
    await page.keyboard.press('Escape');
    await expect(banner).toBeHidden();
    await expect(reopen).toBeFocused();
    expect(await stored()).toEqual(saved);

    await reopen.click();
    await banner.getByRole('button', { name: 'Rejeitar opcionais' }).click();
    await expect(banner).toBeHidden();
    expect(await stored()).toMatchObject({ essential: true, analytics: false, marketing: false });

    await page.reload();
    await seePrices(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('accepting all cookies stores every category', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    const banner = page.getByRole('dialog', { name: 'Sua privacidade' });
    // On a phone it leaves most of the page visible.
    const box = (await banner.boundingBox())!;
    expect(box.height).toBeLessThan(740 * 0.5);
    expect(box.width).toBeLessThanOrEqual(360);
    await banner.getByRole('button', { name: 'Aceitar todos' }).click();
    await expect(banner).toBeHidden();
    const saved = JSON.parse(
      (await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY)) ?? 'null',
    );
    expect(saved).toMatchObject({ essential: true, analytics: true, marketing: true });
  });

  test('on a laptop it leaves the hero text readable', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/');
    const banner = page.getByRole('dialog', { name: 'Sua privacidade' });
    await expect(banner).toBeVisible();
    const box = (await banner.boundingBox())!;
    // The hero's text column: eyebrow, title, subtitle, calls to action and selling points.
    const text = (await page.getByRole('heading', { level: 1 }).locator('..').boundingBox())!;
    expect(text.x + text.width).toBeLessThanOrEqual(box.x);
  });

  test.describe('accessibility', () => {
    for (const lang of ['pt', 'en'] as const) {
      test(`axe finds no serious or critical violation in ${lang}, with the cookie banner open`, async ({
        page,
      }) => {
        await withLanguage(page, lang);
        await page.goto('/');
        await seePrices(page);
        await expect(page.getByRole('dialog')).toBeVisible();
        await page
          .getByRole('dialog')
          .getByRole('button', { name: lang === 'pt' ? 'Personalizar' : 'Customize' })
          .click();
        expect(await seriousAxeViolations(page)).toEqual([]);
      });

      test(`axe finds no serious or critical violation in ${lang} at 360 px with the menu open`, async ({
        page,
      }) => {
        await withConsentGiven(page);
        await withLanguage(page, lang);
        await page.setViewportSize({ width: 360, height: 740 });
        await page.goto('/');
        await seePrices(page);
        await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('button', { name: lang === 'pt' ? /^Idioma:/ : /^Language:/ }).click();
        expect(await seriousAxeViolations(page)).toEqual([]);
      });
    }
  });
});
