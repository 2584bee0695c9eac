import { expect, type Locator, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { PASSWORD, uniqueEmail } from './auth-support.ts';
import { presetLanguageAndConsent } from './support.ts';

const headers = { Origin: baseURL };

/**
 * A new visitor's whole way to a code, counted in clicks (typing is not counted): from the landing,
 * pick WhatsApp for Brasil, sign up, sign in, top up the shortfall by PIX in the sandbox, see the code.
 * Nothing is arranged beforehand: the cookie banner is answered like a visitor would.
 */
const MAX_CLICKS = 10;

const TEXT = {
  pt: {
    acceptCookies: 'Aceitar todos',
    email: 'Email',
    password: /^Senha$/,
    confirm: 'Confirmar senha',
    register: 'Registrar',
    signIn: 'Entrar',
    topUp: /^Adicionar .* e comprar$/,
    pix: /PIX/,
    pay: 'Continuar para o pagamento',
    simulate: 'Simular pagamento',
  },
  en: {
    acceptCookies: 'Accept all',
    email: 'Email',
    password: /^Password$/,
    confirm: 'Confirm password',
    register: 'Register',
    signIn: 'Sign in',
    topUp: /^Add .* and buy$/,
    pix: /PIX/,
    pay: 'Continue to payment',
    simulate: 'Simulate payment',
  },
} as const;

function clickCounter(page: Page) {
  let clicks = 0;
  return {
    async click(target: Locator) {
      clicks += 1;
      await target.click();
    },
    get count() {
      return clicks;
    },
    page,
  };
}

for (const { lang, width } of [
  { lang: 'pt', width: 1280 },
  { lang: 'en', width: 360 },
] as const) {
  test(`a new visitor gets a WhatsApp code for Brasil in at most ${MAX_CLICKS} clicks (${lang}, ${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const text = TEXT[lang];
    await page.setViewportSize({ width, height: width < 400 ? 740 : 900 });
    // The browser's language decides the interface for a first visit.
    await page.addInitScript((language) => {
      if (!localStorage.getItem('numero.lang')) localStorage.setItem('numero.lang', language);
    }, lang);
    const user = clickCounter(page);
    const email = uniqueEmail(`journey-${lang}`);

    await page.goto('/');
    const banner = page.getByRole('dialog').filter({ hasText: /cookie/i });
    if (await banner.isVisible().catch(() => false))
      await user.click(banner.getByRole('button', { name: text.acceptCookies }));

    // 1. The product, straight from the landing.
    await user.click(page.getByTestId('pick-wa-BR'));
    await expect(page).toHaveURL(/\/register\?next=/);

    // 2. Sign up.
    await page.getByLabel(text.email).fill(email);
    await page.getByLabel(text.password).fill(PASSWORD);
    await page.getByLabel(text.confirm).fill(PASSWORD);
    await user.click(page.getByRole('button', { name: text.register, exact: true }));
    await expect(page).toHaveURL(/\/login$/);

    // 3. Sign in: the email is already there. The sign-in form, not the registration form still on
    // screen while the next page loads (its fields have the same labels).
    const signIn = page.getByRole('button', { name: text.signIn, exact: true });
    await expect(signIn).toBeVisible();
    await expect(page.getByLabel(text.email)).toHaveValue(email);
    await page.getByLabel(text.password).fill(PASSWORD);
    await user.click(signIn);

    // 4. Back at the chosen product, its purchase dialog open; the balance is short.
    await expect(page).toHaveURL(/\/dashboard\/products\?service=wa&country=BR/);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('purchase-summary')).toContainText('WhatsApp');
    await user.click(dialog.getByRole('link', { name: text.topUp }));
    await expect(page).toHaveURL(/\/dashboard\/balance\?amount_BRL=\d+/);
    await expect(page.getByTestId('pending-purchase')).toContainText('WhatsApp');

    // 5. PIX (in English this switches the top-up to reais, and says so), then pay in the sandbox.
    if (lang === 'en') await user.click(page.getByTestId('method-pix'));
    await expect(page.getByTestId('topup-wallet')).toContainText(/BRL/);
    await user.click(page.getByRole('button', { name: text.pay }));
    await expect(page.getByTestId('pix-payment')).toBeVisible();
    await user.click(page.getByRole('button', { name: text.simulate }));

    // 6. The purchase completes by itself; the code arrives on screen.
    await expect(page).toHaveURL(/\/dashboard\/activations\//, { timeout: 20_000 });
    await expect(page.getByTestId('activation-code')).toHaveText(/\d{4,8}/, { timeout: 20_000 });

    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(width);
    console.log(`journey ${lang} @ ${width}px: ${user.count} clicks`);
    expect(user.count).toBeLessThanOrEqual(MAX_CLICKS);
  });
}

test('a customer who paid by PIX in English buys from the reais wallet without switching language', async ({
  page,
}) => {
  await presetLanguageAndConsent(page, 'en');
  const email = uniqueEmail('pix-en');
  const registered = await page.request.post('/api/v1/auth/register', {
    headers,
    data: { email, password: PASSWORD, preferred_language: 'en-US', preferred_currency: 'USD' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password$/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

  // A PIX top-up in English: the form says it goes to the reais wallet.
  await page.goto('/dashboard/balance');
  await page.getByTestId('method-pix').click();
  await expect(page.getByTestId('topup-wallet')).toContainText('reais wallet (BRL)');
  await page.getByTestId('preset-2000').click();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: 'Simulate payment' }).click();
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid', {
    timeout: 20_000,
  });

  // The header shows the dollars of the interface and the reais beside them.
  await expect(page.getByTestId('header-balance')).toHaveText('$0.00');
  await expect(page.getByTestId('header-balance-BRL')).toContainText('R$20.00');
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-balance-BRL')).toContainText('R$20.00');

  await page.goto('/dashboard/products?service=wa');
  await page.getByTestId('country-BR').getByRole('button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('radio', { name: /Reais wallet/ })).toBeChecked();
  await expect(dialog.getByTestId('purchase-price')).toContainText('R$');
  await dialog.getByRole('button', { name: 'Confirm purchase' }).click();
  await expect(page).toHaveURL(/\/dashboard\/activations\//);
  await expect(page.getByTestId('activation-code')).toHaveText(/\d{4,8}/, { timeout: 20_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
