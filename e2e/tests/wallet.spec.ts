import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';

const PASSWORD = 'Numero-e2e-Carteira!';
const email = `wallet-${Date.now()}@e2e.numero.dev`;

/** Registers through the API (as the register page would) and signs in through the login form. */
async function registerAndSignIn(page: Page) {
  const res = await page.request.post('/api/v1/auth/register', {
    headers: { Origin: baseURL },
    data: { email, password: PASSWORD, preferred_language: 'pt-BR', preferred_currency: 'BRL' },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^(Senha|Password)$/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await page.goto('/dashboard');
}

test('top up R$ 50,00 by PIX in the sandbox, see it in the header, the balance page and the history', async ({
  page,
}) => {
  await registerAndSignIn(page);
  const header = page.getByTestId('header-balance');
  await expect(header).toHaveText(/R\$\s0,00/);

  await page.goto('/dashboard/balance');
  await expect(page.getByRole('heading', { level: 1, name: 'Saldo' })).toBeVisible();
  await expect(page.getByTestId('wallet-BRL')).toContainText(/R\$\s0,00/);
  await expect(page.getByText('Nenhuma movimentação ainda')).toBeVisible();

  await page.getByTestId('preset-5000').click();
  await page.getByRole('button', { name: /PIX/ }).click();
  await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();

  const pix = page.getByTestId('pix-payment');
  await expect(pix.getByRole('img', { name: /QR Code PIX de R\$\s50,00/ })).toBeVisible();
  await expect(page.getByTestId('pix-code')).toHaveValue(/^000201.*6304[0-9A-F]{4}$/);
  await expect(page.getByTestId('pix-countdown')).toHaveText(/^(29|30):\d\d$/);
  await expect(page.getByTestId('payment-status')).toHaveText('Aguardando o pagamento...');

  await page.getByRole('button', { name: 'Simular pagamento' }).click();

  await expect(page.getByTestId('payment-status')).toHaveText(
    /Pagamento confirmado! R\$\s50,00 adicionados ao seu saldo\./,
    { timeout: 15_000 },
  );
  await expect(header).toHaveText(/R\$\s50,00/);
  await expect(page.getByTestId('wallet-BRL')).toContainText(/R\$\s50,00/);
  const history = page.getByTestId('transactions');
  await expect(history.getByRole('row').filter({ hasText: 'Recarga via PIX' })).toContainText(/\+R\$\s50,00/);

  // The balance survives a reload: it comes from the server, not from the page.
  await page.reload();
  await expect(page.getByTestId('wallet-BRL')).toContainText(/R\$\s50,00/);
  await expect(header).toHaveText(/R\$\s50,00/);

  // In English the currency is the dollar, and the dollar wallet is a separate one.
  await page
    .getByRole('button', { name: /Português \(BRL\)/ })
    .first()
    .click();
  await page.getByRole('menuitemradio', { name: 'English (USD)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Balance' })).toBeVisible();
  await expect(header).toHaveText('$0.00');
  await expect(page.getByTestId('wallet-USD')).toContainText('$0.00');
  // Reais written the English way.
  await expect(page.getByTestId('wallet-BRL')).toContainText('R$50.00');
  await expect(page.getByRole('button', { name: /PIX/ })).toBeEnabled();
  await expect(history.getByRole('row').filter({ hasText: 'Top-up via PIX' })).toBeVisible();
});
