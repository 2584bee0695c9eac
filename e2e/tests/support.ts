import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { PASSWORD, uniqueEmail } from './auth-support.ts';
import { headers, signInViaApi } from './staff-support.ts';

/**
 * The WCAG 2.2 AA scan every page passes: the serious and critical findings, readable in a failure.
 * `exclude` leaves out regions another test owns (a toast that is mid-animation, say).
 *
 * The store's pages have no frames, so axe runs in the page itself (legacy mode) instead of in each frame
 * and then again in a blank page of its own, and it lists only the violations in full: the same findings
 * in a third of the time (4 s against 10 to 19 s for /docs/api on the 2-core machine).
 */
export async function seriousAxeViolations(page: Page, exclude: string[] = []) {
  let builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/** Opens every page of the test in `lang` with the cookie choice already made (the banner stays closed). */
export async function presetLanguageAndConsent(page: Page, lang: 'pt' | 'en') {
  await page.addInitScript((language) => {
    localStorage.setItem('numero.lang', language);
    localStorage.setItem(
      'numero.cookie-consent',
      JSON.stringify({
        essential: true,
        analytics: false,
        marketing: false,
        timestamp: new Date().toISOString(),
      }),
    );
  }, lang);
}

/** A new customer with an empty wallet, signed in inside the page's browser context; returns the e-mail. */
export async function signedInCustomer(page: Page, email = uniqueEmail('customer')): Promise<string> {
  const registered = await page.request.post('/api/v1/auth/register', {
    headers,
    data: { email, password: PASSWORD, preferred_language: 'pt-BR', preferred_currency: 'BRL' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await signInViaApi(page.request, email, PASSWORD);
  return email;
}

/** A signed-in customer with R$ 50,00 topped up by PIX and one purchase (WhatsApp, Brazil); returns its id. */
export async function customerWithActivity(page: Page, email = uniqueEmail('pages')): Promise<string> {
  await signedInCustomer(page, email);
  const intent = await page.request.post('/api/v1/wallets/payments/create-intent', {
    headers,
    data: { amount: 5_000, currency: 'BRL', method: 'pix' },
  });
  expect(intent.status(), await intent.text()).toBe(201);
  const { id } = await intent.json();
  expect((await page.request.post(`/api/v1/wallets/payments/${id}/simulate`, { headers })).ok()).toBe(true);
  await expect
    .poll(async () => (await (await page.request.get('/api/v1/wallets/BRL/balance')).json()).balance, {
      timeout: 20_000,
    })
    .toBe(5_000);
  const products = await (await page.request.get('/api/v1/catalog/products?service=wa&country=BR')).json();
  const offer = products.items[0];
  const bought = await page.request.post('/api/v1/activations', {
    headers: { ...headers, 'Idempotency-Key': `pages-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    data: { product_id: offer.id, currency: 'BRL' },
  });
  expect(bought.status(), await bought.text()).toBeLessThan(300);
  return (await bought.json()).id;
}
