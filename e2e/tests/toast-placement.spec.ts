import { expect, type Locator, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { PASSWORD, uniqueEmail } from './auth-support.ts';
import { presetLanguageAndConsent } from './support.ts';

// At 360 px a toast must never sit over the header (its menu button) or over a dialog's title or buttons.

test.use({ viewport: { width: 360, height: 740 } });
test.beforeEach(async ({ page }) => {
  test.setTimeout(60_000);
  await presetLanguageAndConsent(page, 'pt');
});

const toasts = (page: Page) => page.locator('[data-sonner-toast]');

/** Whether what a finger pressing the middle of `target` would touch is `target` itself (nothing over it). */
function onTop(target: Locator) {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit !== null && (el === hit || el.contains(hit));
  });
}

test('a toast starts below the header, the menu button stays free, and the same message shows once', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const email = uniqueEmail('toasts');
  const headers = { Origin: baseURL };
  await page.request.post('/api/v1/auth/register', {
    headers,
    data: { email, password: PASSWORD, preferred_language: 'pt-BR', preferred_currency: 'BRL' },
  });
  await page.request.post('/api/v1/auth/login', { headers, form: { username: email, password: PASSWORD } });

  await page.goto('/dashboard/balance');
  await page.getByTestId('method-pix').click();
  await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
  const copy = page.getByRole('button', { name: 'Copiar código' });
  await copy.click();
  await copy.click();
  await copy.click();
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toContainText('Código copiado!');

  const header = page.locator('header').first();
  const menu = header.getByRole('button', { name: 'Abrir menu' });
  for (const scrolled of [false, true]) {
    if (scrolled) {
      // Scrolled down, the header sticks at the top (the demo banner, if any, leaves): the next toast follows.
      await page.mouse.wheel(0, 600);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
      await copy.evaluate((b) => (b as HTMLButtonElement).click());
      await expect(toasts(page)).toHaveCount(1);
    }
    const toastBox = (await toasts(page).first().boundingBox())!;
    const headerBox = (await header.boundingBox())!;
    expect(toastBox.y, `scrolled: ${scrolled}`).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
    expect(toastBox.x).toBeGreaterThanOrEqual(0);
    expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(360);
    expect(await onTop(menu)).toBe(true);
  }
});

test('the sign-up toast never covers the purchase dialog that follows sign-in', async ({ page }) => {
  const email = uniqueEmail('toast-dialog');
  // The store's offers for Brasil loaded once, so the dialog opens within the toast's 5 seconds.
  await page.goto('/');
  await page.locator('#products').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('pick-wa-BR')).toBeVisible({ timeout: 15_000 });
  await page.goto(`/register?next=${encodeURIComponent('/dashboard/products?service=wa&country=BR')}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Senha$/).fill(PASSWORD);
  await page.getByLabel('Confirmar senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Registrar', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  // A pointer resting on the toast holds it (sonner pauses its 5 s); Enter signs in without moving it,
  // so the toast is surely still up when the purchase dialog opens.
  await expect(toasts(page)).toContainText('Registro realizado com sucesso!');
  await toasts(page).first().hover();

  // The sign-in form, not the registration form still on screen while the next page loads.
  const signIn = page.getByRole('button', { name: 'Entrar', exact: true });
  await expect(signIn).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel(/^Senha$/).fill(PASSWORD);
  await page.getByLabel(/^Senha$/).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Confirmar compra' });
  await expect(dialog.getByTestId('purchase-summary')).toContainText('WhatsApp');
  // The sign-up toast is still up while the dialog is open.
  await expect(toasts(page)).toHaveCount(1);

  expect(await onTop(dialog.getByRole('heading', { name: 'Confirmar compra' }))).toBe(true);
  const buttons = dialog.getByRole('button').or(dialog.getByRole('link'));
  const count = await buttons.count();
  expect(count).toBeGreaterThan(1);
  for (let i = 0; i < count; i++) {
    const button = buttons.nth(i);
    await button.scrollIntoViewIfNeeded();
    expect(await onTop(button), (await button.textContent()) ?? '').toBe(true);
  }
});
