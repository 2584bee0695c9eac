import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { baseURL, E2E_ADMIN } from '../playwright.config.ts';
import { registerViaApi, uniqueEmail } from './auth-support.ts';
import { createUserAsAdmin, headers, signInViaApi, staffEmail } from './staff-support.ts';
import { presetLanguageAndConsent, seriousAxeViolations } from './support.ts';

// Every dialog and menu of the app, opened and closed with the keyboard alone, on a phone in Portuguese
// and on a desktop in English: focus goes in (and, in a modal, stays in), axe finds nothing serious
// while it is open, Escape closes it and focus is back on what opened it. Focus does not depend on the
// language, so the other two pairings are left to the every-page sweep (customer-pages.spec.ts).

const focusIsIn = (popup: Locator) => popup.evaluate((el) => el.contains(document.activeElement));

async function checkPopup(
  page: Page,
  opener: Locator,
  popup: Locator,
  { modal = true, focusMovesIn = true }: { modal?: boolean; focusMovesIn?: boolean } = {},
) {
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(popup).toBeVisible();
  if (focusMovesIn) await expect.poll(() => focusIsIn(popup)).toBe(true);
  if (modal) {
    // Tab and Shift+Tab go round the dialog's own controls, never out to the page behind.
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await focusIsIn(popup), `focus left the dialog after ${key}`).toBe(true);
    }
  }
  // The toaster is another spec's subject, and may be mid-animation.
  expect(await seriousAxeViolations(page, ['[data-sonner-toaster]'])).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(opener).toBeFocused();
}

/**
 * A new customer with money in the wallet who has just bought a WhatsApp number for Brazil, signed in
 * in `request`'s context; returns the activation as the purchase answered it (waiting for its SMS).
 */
async function customerWithActivation(request: APIRequestContext, lang: 'pt' | 'en', tag: string) {
  const email = uniqueEmail(tag);
  await registerViaApi(request, email, lang === 'pt' ? 'pt-BR' : 'en-US');
  await signInViaApi(request, email, 'Numero-e2e-S3nha!');
  // The sandbox pays a PIX on request (reais); dollars come from its test card.
  const currency = lang === 'pt' ? 'BRL' : 'USD';
  const method = currency === 'BRL' ? 'pix' : 'card';
  const intent = await request.post('/api/v1/wallets/payments/create-intent', {
    headers,
    data: { amount: 2_000, currency, method },
  });
  expect(intent.status(), await intent.text()).toBe(201);
  const { id } = (await intent.json()) as { id: string };
  const paid =
    method === 'pix'
      ? await request.post(`/api/v1/wallets/payments/${id}/simulate`, { headers })
      : await request.post(`/api/v1/wallets/payments/intent/${id}/confirm`, {
          headers,
          data: {
            card: {
              number: '4242424242424242',
              exp_month: 12,
              exp_year: new Date().getFullYear() + 1,
              cvc: '123',
              holder_name: 'Maria Silva',
            },
          },
        });
  expect(paid.ok(), await paid.text()).toBe(true);
  await expect
    .poll(async () => (await (await request.get(`/api/v1/wallets/${currency}/balance`)).json()).balance)
    .toBe(2_000);
  const offers = await request.get(`/api/v1/catalog/products?service=wa&country=BR&currency=${currency}`);
  const [brazil] = ((await offers.json()) as { items: { id: number }[] }).items;
  expect(brazil, 'a WhatsApp number for Brazil is on sale').toBeTruthy();
  const bought = await request.post('/api/v1/activations', {
    headers: { ...headers, 'Idempotency-Key': `a11y-${tag}-${Date.now()}` },
    data: { product_id: brazil!.id, currency },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  return (await bought.json()) as { id: string; can_cancel: boolean };
}

const pairings = [
  { lang: 'pt', size: { name: 'phone', width: 360, height: 740 } },
  { lang: 'en', size: { name: 'desktop', width: 1280, height: 800 } },
] as const;

const text = {
  pt: {
    language: /Idioma/,
    userMenu: 'Menu do usuário',
    openMenu: 'Abrir menu',
    newKey: 'Nova chave',
    revoke: 'Revogar a chave bot-a11y',
    keySettings: 'Configurar a chave bot-a11y',
    deleteAccount: 'Excluir minha conta',
    cancelActivation: 'Cancelar e reembolsar',
    cancelOrder: (id: string) => `Cancelar e reembolsar o pedido ${id}`,
    deleteUser: (name: string) => `Excluir ${name}`,
    buy: /WhatsApp/,
    newUser: 'Novo Usuário',
    edit: (name: string) => `Editar ${name}`,
    adjust: 'Ajustar saldo',
    reset: 'Nova senha temporária',
  },
  en: {
    language: /Language/,
    userMenu: 'User menu',
    openMenu: 'Open menu',
    newKey: 'New key',
    revoke: 'Revoke the key bot-a11y',
    keySettings: 'Settings of the key bot-a11y',
    deleteAccount: 'Delete my account',
    cancelActivation: 'Cancel and refund',
    cancelOrder: (id: string) => `Cancel and refund order ${id}`,
    deleteUser: (name: string) => `Delete ${name}`,
    buy: /WhatsApp/,
    newUser: 'New User',
    edit: (name: string) => `Edit ${name}`,
    adjust: 'Adjust balance',
    reset: 'New temporary password',
  },
} as const;

// Each test signs in an account of its own: they spread over the workers.
test.describe.configure({ mode: 'parallel' });

for (const { lang, size } of pairings) {
  const t = text[lang];
  test.describe(`${lang}, ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('a customer opens every menu and dialog with the keyboard', async ({ page }) => {
      test.slow(); // many pages and an axe scan for each popup on a shared machine
      await presetLanguageAndConsent(page, lang);
      const email = uniqueEmail(`a11y-${lang}-${size.width}`);
      await registerViaApi(page.request, email, lang === 'pt' ? 'pt-BR' : 'en-US');
      await signInViaApi(page.request, email, 'Numero-e2e-S3nha!');
      const key = await page.request.post('/api/v1/api-keys', { headers, data: { name: 'bot-a11y' } });
      expect(key.status(), await key.text()).toBe(201);

      await page.goto('/dashboard');
      const header = page.locator('header');
      if (size.name === 'desktop') {
        await checkPopup(page, header.getByRole('button', { name: t.language }), page.getByRole('menu'), {
          modal: false,
        });
        await checkPopup(page, header.getByRole('button', { name: t.userMenu }), page.getByRole('menu'), {
          modal: false,
        });
      } else {
        // The phone's drawer is a disclosure below the bar: it opens in place, focus stays on its button.
        const toggle = header.getByRole('button', { name: t.openMenu });
        // The sent shell knows nobody yet; the app's toggle names the drawer of the signed-in customer.
        await expect(toggle).toHaveAttribute('aria-controls', /.+/);
        await checkPopup(page, toggle, page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`), {
          modal: false,
          focusMovesIn: false,
        });
        // The language menu lives in the drawer there; Escape closes the menu, not the drawer.
        await toggle.focus();
        await page.keyboard.press('Enter');
        await checkPopup(page, header.getByRole('button', { name: t.language }), page.getByRole('menu'), {
          modal: false,
        });
      }

      await page.goto('/dashboard/products?service=wa');
      const buy = page.getByTestId('country-BR').getByRole('button', { name: t.buy });
      await checkPopup(page, buy, page.getByRole('dialog'));

      await page.goto('/profile');
      const keys = page.getByTestId('api-keys-card');
      await checkPopup(page, keys.getByRole('button', { name: t.newKey }), page.getByRole('dialog'));
      await checkPopup(page, keys.getByRole('button', { name: t.keySettings }), page.getByRole('dialog'));
      await checkPopup(page, keys.getByRole('button', { name: t.revoke }), page.getByRole('dialog'));
      await checkPopup(page, page.getByRole('button', { name: t.deleteAccount }), page.getByRole('dialog'));
    });

    test('a customer opens the cancel dialog of an activation with the keyboard', async ({ page }) => {
      test.slow();
      await presetLanguageAndConsent(page, lang);
      const activation = await customerWithActivation(
        page.request,
        lang,
        `a11y-cancel-${lang}-${size.width}`,
      );
      expect(activation.can_cancel).toBe(true);
      // The simulator sends the code within seconds, and a number with its code can no longer be
      // cancelled: the page is shown the activation as bought, so its cancel button stays for the checks.
      await page.route(`**/api/v1/activations/${activation.id}`, (route) =>
        route.request().method() === 'GET' ? route.fulfill({ json: activation }) : route.fallback(),
      );
      await page.goto(`/dashboard/activations/${activation.id}`);
      await checkPopup(
        page,
        page.getByRole('button', { name: t.cancelActivation }),
        page.getByRole('dialog'),
      );
    });

    test('an admin opens every staff dialog with the keyboard', async ({ page }) => {
      test.slow();
      await presetLanguageAndConsent(page, lang);
      await signInViaApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
      const email = staffEmail(`a11y-staff-${lang}-${size.width}`);
      const user = await createUserAsAdmin(page.request, email, 'CUSTOMER');

      await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
      await checkPopup(page, page.getByTestId('new-user'), page.getByRole('dialog', { name: t.newUser }));
      await checkPopup(
        page,
        page.getByRole('button', { name: t.edit('E2E CUSTOMER') }).first(),
        page.getByRole('dialog'),
      );
      await checkPopup(
        page,
        page.getByRole('button', { name: t.deleteUser('E2E CUSTOMER') }).first(),
        page.getByRole('dialog'),
      );

      await page.goto(`/admin/users/${user.id}`);
      await checkPopup(page, page.getByRole('button', { name: t.adjust }), page.getByRole('dialog'));
      await checkPopup(page, page.getByRole('button', { name: t.reset }), page.getByRole('dialog'));

      await page.goto('/admin/products?search=WhatsApp%20Business');
      const product = page.locator('[data-sku="WB-DE"]').first();
      await checkPopup(
        page,
        product.getByRole('button', { name: /^(Editar|Edit) / }),
        page.getByRole('dialog'),
      );
    });

    test('an admin opens the cancel dialog of an order with the keyboard', async ({ page, playwright }) => {
      test.slow();
      await presetLanguageAndConsent(page, lang);
      await signInViaApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
      const buyer = await playwright.request.newContext({ baseURL });
      const order = await customerWithActivation(buyer, lang, `a11y-order-${lang}-${size.width}`);
      await buyer.dispose();
      // The list as it stood right after the purchase, before the simulator's code (a few seconds
      // later) takes cancel-and-refund away: the page is shown that list for the checks.
      const listed = await page.request.get(`/api/v1/admin/orders?search=${order.id}`);
      const items = (await listed.json()) as { id: string; can_cancel: boolean }[];
      expect(items.map((o) => [o.id, o.can_cancel])).toEqual([[order.id, true]]);
      await page.route(
        (url) => url.pathname === '/api/v1/admin/orders',
        (route) => route.fulfill({ response: listed }),
      );
      await page.goto(`/admin/orders?search=${order.id}`);
      await checkPopup(
        page,
        page.getByRole('button', { name: t.cancelOrder(`#${order.id.slice(0, 8)}`) }),
        page.getByRole('dialog'),
      );
    });
  });
}
