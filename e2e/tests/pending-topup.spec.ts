import { expect, test } from '@playwright/test';
import { uniqueEmail } from './auth-support.ts';
import { presetLanguageAndConsent, signedInCustomer } from './support.ts';

test('a PIX top-up survives a reload with its code and the purchase it pays for; paid, the number is bought', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await presetLanguageAndConsent(page, 'pt');
  await signedInCustomer(page, uniqueEmail('pending'));

  // The purchase is short of money: top up the shortfall, and the purchase waits for it.
  await page.goto('/dashboard/products?service=wa&country=BR');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('purchase-summary')).toContainText('WhatsApp');
  await dialog.getByRole('link', { name: /^Adicionar .* e comprar$/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/balance\?amount_BRL=\d+/);
  await page.getByTestId('method-pix').click();
  await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
  const code = await page.getByTestId('pix-code').inputValue();
  expect(code).toMatch(/^000201.*6304[0-9A-F]{4}$/);

  // Reloaded (as a phone does coming back from the bank app): the same code, its time, the purchase.
  await page.reload();
  await expect(page.getByTestId('pix-code')).toHaveValue(code);
  await expect(page.getByRole('img', { name: /^QR Code PIX de R\$/ })).toBeVisible();
  await expect(page.getByTestId('pix-countdown')).toHaveText(/^(29|30):\d\d$/);
  await expect(page.getByTestId('pending-purchase')).toContainText('WhatsApp');

  // The dashboard lists it beside the purchase, and leads back to the same code.
  await page.goto('/dashboard');
  const waiting = page.getByTestId('pending-topups');
  await expect(waiting).toContainText(/PIX de R\$\s\d+,\d\d/);
  await expect(waiting).toContainText(/expira em \d\d:\d\d/);
  await expect(page.getByTestId('pending-purchase')).toContainText('WhatsApp');
  await waiting.getByRole('link', { name: 'Ver código' }).click();
  await expect(page).toHaveURL(/\/dashboard\/balance\?open=/);
  await expect(page.getByTestId('pix-code')).toHaveValue(code);

  // A second top-up while this one waits is asked about first; keeping it changes nothing.
  await page.getByRole('button', { name: 'Fazer outra recarga' }).click();
  await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
  const ask = page.getByRole('dialog', { name: 'Você já tem uma recarga aguardando' });
  await expect(ask).toContainText(/PIX de R\$\s\d+,\d\d ainda pode ser paga/);
  await ask.getByRole('button', { name: 'Pagar a que já existe' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByTestId('pix-code')).toHaveValue(code);

  // Paid: the purchase completes by itself and the code arrives; nothing waits any more.
  await page.getByRole('button', { name: 'Simular pagamento' }).click();
  await expect(page).toHaveURL(/\/dashboard\/activations\//, { timeout: 20_000 });
  await expect(page.getByTestId('activation-code')).toHaveText(/\d{4,8}/, { timeout: 20_000 });
  const open = await page.request.get('/api/v1/wallets/payments/pending');
  expect(await open.json()).toEqual([]);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('pending-topups')).toHaveCount(0);
  await expect(page.getByTestId('pending-purchase')).toHaveCount(0);
});
