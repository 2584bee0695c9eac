import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { baseURL, E2E_ADMIN } from '../playwright.config.ts';

// The staff area: the dashboard's figures against the API's, and user management end to end.
const PASSWORD = 'Numero-e2e-S3nha!';
const headers = { Origin: baseURL };
let seq = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${seq++}@e2e.numero.dev`;

async function signInWithForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^(Senha|Password)$/).fill(password);
  await page.getByRole('button', { name: /^(Entrar|Sign in)$/ }).click();
}

/** Signs the page's browser context in through the API (faster than the form when the form is not the subject). */
async function signInViaApi(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/v1/auth/login', { headers, form: { username: email, password } });
  expect(res.status(), await res.text()).toBe(200);
}

/** An account made by the admin through the API, with a known password. */
async function createUserAsAdmin(
  request: APIRequestContext,
  data: { email: string; role: string; full_name: string },
) {
  const res = await request.post('/api/v1/users/register', {
    headers,
    data: { email: data.email, password: PASSWORD, role: data.role, profile: { full_name: data.full_name } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** A customer who tops up by PIX and buys one WhatsApp number whose SMS arrives: one order, real revenue. */
async function placeOneOrder(browser: Browser) {
  const context = await browser.newContext({ baseURL });
  const request = context.request;
  const email = uniqueEmail('buyer');
  const registered = await request.post('/api/v1/auth/register', {
    headers,
    data: { email, password: PASSWORD, preferred_language: 'pt-BR', preferred_currency: 'BRL' },
  });
  expect(registered.status()).toBe(201);
  await signInViaApi(request, email, PASSWORD);
  const intent = await request.post('/api/v1/wallets/payments/create-intent', {
    headers,
    data: { amount: 2_000, currency: 'BRL', method: 'pix' },
  });
  expect(intent.status(), await intent.text()).toBe(201);
  const paid = await request.post(`/api/v1/wallets/payments/${(await intent.json()).id}/simulate`, {
    headers,
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const products = await request.get('/api/v1/catalog/products?service=wa&country=BR&currency=BRL');
  const [wa] = ((await products.json()) as { items: { id: number }[] }).items;
  await expect
    .poll(async () => (await (await request.get('/api/v1/wallets/BRL/balance')).json()).balance, {
      timeout: 10_000,
    })
    .toBe(2_000);
  const bought = await request.post('/api/v1/activations', {
    headers: { ...headers, 'Idempotency-Key': `e2e-admin-${Date.now()}` },
    data: { product_id: wa?.id, currency: 'BRL' },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  const { id } = await bought.json();
  await expect
    .poll(async () => (await (await request.get(`/api/v1/activations/${id}`)).json()).status, {
      timeout: 15_000,
    })
    .toBe('code_received');
  await context.close();
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const answered = {
      essential: true,
      analytics: false,
      marketing: false,
      timestamp: new Date().toISOString(),
    };
    localStorage.setItem('numero.cookie-consent', JSON.stringify(answered));
  });
});

test.describe('admin dashboard', () => {
  test('the admin signs in and sees the real figures, the menu and the recent sign-ins', async ({
    page,
    browser,
  }) => {
    await placeOneOrder(browser);
    await signInWithForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    // Staff land on the admin area after signing in, not on the marketing page.
    await expect(page).toHaveURL(`${baseURL}/admin`);
    await expect(page.getByRole('heading', { level: 1, name: 'Painel administrativo' })).toBeVisible();

    // The cards show what the API says, formatted for the screen.
    const api = async (path: string) => (await page.request.get(path)).json();
    const dashboard = await api('/api/v1/admin/dashboard/stats');
    const products = await api('/api/v1/admin/products/stats');
    const revenue = await api('/api/v1/admin/revenue/stats');
    expect(dashboard.total_orders).toBeGreaterThan(0);
    expect(revenue.total_revenue_cents).toBeGreaterThan(0);
    await expect(page.getByTestId('stat-users-value')).toHaveText(String(dashboard.total_users));
    await expect(page.getByTestId('stat-users')).toContainText(`${dashboard.active_users} ativo`);
    await expect(page.getByTestId('stat-products-value')).toHaveText(String(products.total_products));
    await expect(page.getByTestId('stat-products')).toContainText(`${products.active_products} ativos`);
    // The seed's three, plus any a staff spec created (/admin/categories cannot delete one).
    await expect(page.getByTestId('stat-categories-value')).toHaveText(String(dashboard.total_categories));
    await expect(page.getByTestId('stat-orders-value')).toHaveText(String(dashboard.total_orders));
    await expect(page.getByTestId('stat-orders')).toContainText(
      `${dashboard.recent_orders} nas últimas 24 h`,
    );
    const brl = (cents: number) => `R$\u00a0${(cents / 100).toFixed(2).replace('.', ',')}`;
    await expect(page.getByTestId('stat-revenue-value')).toHaveText(brl(revenue.total_revenue_cents));
    await expect(page.getByTestId('stat-audit-value')).toHaveText(/^\d+$/);

    // The menu: built screens are links, the others say they are coming.
    await expect(page.getByTestId('admin-menu-users')).toHaveAttribute('href', '/admin/users');
    await expect(page.getByTestId('admin-menu-products')).toHaveAttribute('href', '/admin/products');
    await expect(page.getByTestId('admin-menu-settings')).toHaveAttribute('href', '/admin/settings');
    await expect(page.getByTestId('admin-menu-reports')).toHaveAttribute('href', '/admin/reports');

    // The latest five audit entries, the admin's own sign-in among them, just now.
    const items = page.getByTestId('activity-item');
    // Up to five: a fresh store may have fewer entries.
    expect(await items.count()).toBeGreaterThan(0);
    expect(await items.count()).toBeLessThanOrEqual(5);
    const login = items.filter({ hasText: E2E_ADMIN.email }).filter({ hasText: 'Login' }).first();
    await expect(login).toContainText('Usuários');
    await expect(login).toContainText('Agora mesmo');

    // Refresh asks again and keeps the figures on screen.
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/v1/admin/dashboard/stats'));
    await page.getByTestId('admin-refresh').click();
    expect((await refreshed).status()).toBe(200);
    await expect(page.getByTestId('stat-categories-value')).toHaveText(String(dashboard.total_categories));
  });

  test('in English too', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('numero.lang', 'en'));
    await signInViaApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin panel' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Recent activity' })).toBeVisible();
    await expect(page.getByTestId('stat-orders')).toContainText('in the last 24 h');
    await expect(page.getByTestId('admin-menu-settings')).toContainText('Settings');
    await expect(page.getByTestId('activity-item').first()).toContainText('Just now');
  });

  test('a MANAGER sees the dashboard but is sent away from /admin/users', async ({ page }) => {
    await signInViaApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
    const email = uniqueEmail('manager');
    await createUserAsAdmin(page.request, { email, role: 'MANAGER', full_name: 'Gerente Teste' });
    await page.request.post('/api/v1/auth/logout', { headers });
    await signInViaApi(page.request, email, PASSWORD);

    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Painel administrativo' })).toBeVisible();
    await expect(page.getByTestId('stat-users-value')).toHaveText(/^\d+$/);
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(page.getByRole('heading', { name: 'Acesso Não Autorizado' })).toBeVisible();
  });
});

test.describe('admin users', () => {
  test('list, search, create with a temporary password, edit THAT user, change the role, deactivate', async ({
    page,
    browser,
  }) => {
    await signInViaApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
    const known = uniqueEmail('listed');
    await createUserAsAdmin(page.request, { email: known, role: 'PREMIUM', full_name: 'Pessoa Listada' });

    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Usuários' })).toBeVisible();
    const rows = page.getByTestId('users-table').getByTestId('user-row');
    await expect(rows.filter({ hasText: E2E_ADMIN.email })).toHaveCount(1);
    await expect(page.getByTestId('users-footer-administrators')).toHaveText(/^[1-9]\d*$/);

    // Search (on the server, by name or email, in any case).
    await page.getByLabel('Buscar').fill('PESSOA LISTADA');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(known);
    await expect(rows.first()).toContainText('Premium');
    await page.getByLabel('Buscar').fill('');
    await expect(rows.filter({ hasText: E2E_ADMIN.email })).toHaveCount(1);

    // Create: the server makes the password, shown once with a copy button.
    const email = uniqueEmail('novo');
    await page.getByTestId('new-user').click();
    const dialog = page.getByRole('dialog', { name: 'Novo Usuário' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(dialog.getByRole('radio', { name: 'Usuário' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Criar usuário' }).click();
    await expect(dialog.getByText('O nome é obrigatório')).toBeVisible();
    await dialog.getByLabel('Nome').fill('Nova Pessoa');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Telefone').fill('+55 11 91234-5678');
    await dialog.getByRole('button', { name: 'Criar usuário' }).click();
    const created = page.getByRole('dialog', { name: 'Usuário criado' });
    await expect(created.getByRole('button', { name: 'Copiar senha' })).toBeVisible();
    const temporary = await created.getByTestId('temporary-password').inputValue();
    expect(temporary).toMatch(/^[A-Za-z0-9_-]{24}$/);
    await expect(page.getByText('Usuário criado com sucesso!')).toBeVisible();
    await created.getByRole('button', { name: 'Concluir' }).click();

    await page.getByLabel('Buscar').fill(email);
    await expect(rows).toHaveCount(1);
    const row = rows.first();
    await expect(row).toContainText('Nova Pessoa');
    await expect(row).toContainText('País: BR');
    await expect(row.getByTestId('user-last-login')).toHaveText('Nunca');

    // Edit that user's name: the change lands on them, not on the admin.
    await row.getByRole('button', { name: 'Editar Nova Pessoa' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar usuário' });
    await expect(edit.getByLabel('Nome')).toHaveValue('Nova Pessoa');
    await edit.getByLabel('Nome').fill('Pessoa Editada');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Usuário atualizado com sucesso!')).toBeVisible();
    await expect(row.getByTestId('user-name')).toHaveText('Pessoa Editada');
    const listed = await (
      await page.request.get(`/api/v1/admin/users?search=${encodeURIComponent(email)}`)
    ).json();
    expect(listed[0].profile.full_name).toBe('Pessoa Editada');
    const me = await (await page.request.get('/api/v1/users/me')).json();
    expect(me.email).toBe(E2E_ADMIN.email);
    expect(me.profile.full_name).not.toBe('Pessoa Editada');

    // Change the role.
    await row.getByRole('button', { name: 'Editar Pessoa Editada' }).click();
    await edit.getByRole('radio', { name: 'Premium' }).check();
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expect(row).toContainText('Premium');

    // Delete asks first, and only deactivates.
    await row.getByRole('button', { name: 'Excluir Pessoa Editada' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir usuário' });
    await expect(confirm).toContainText('Tem certeza que deseja excluir este usuário?');
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Usuário excluído com sucesso! A conta foi desativada.')).toBeVisible();
    await expect(row.getByTestId('user-status')).toHaveText('Inativo');

    // The deactivated user can no longer sign in.
    const other = await browser.newContext({ baseURL, locale: 'pt-BR' });
    const theirPage = await other.newPage();
    await theirPage.addInitScript(() =>
      localStorage.setItem(
        'numero.cookie-consent',
        JSON.stringify({
          essential: true,
          analytics: false,
          marketing: false,
          timestamp: new Date().toISOString(),
        }),
      ),
    );
    await signInWithForm(theirPage, email, temporary);
    await expect(
      theirPage.getByText('Esta conta está desativada. Entre em contato com o suporte.'),
    ).toBeVisible();
    await expect(theirPage).toHaveURL(/\/login$/);
    await other.close();
  });

  test('an admin cannot deactivate or delete their own account', async ({ page }) => {
    await signInViaApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto(`/admin/users?q=${encodeURIComponent(E2E_ADMIN.email)}`);
    const row = page.getByTestId('users-table').getByTestId('user-row').first();
    await expect(row).toContainText('(você)');
    await expect(row.getByTestId('user-toggle')).toBeDisabled();
    await expect(row.getByTestId('user-delete')).toBeDisabled();
  });

  test('in English too', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('numero.lang', 'en'));
    await signInViaApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page.getByTestId('new-user')).toHaveText('New User');
    await expect(page.getByTestId('users-footer')).toContainText('Administrators');
    await page.getByTestId('new-user').click();
    await expect(
      page.getByRole('dialog', { name: 'New User' }).getByText('BR or US (sets the currency: BRL or USD)'),
    ).toBeVisible();
  });
});

// Axe on /admin and /admin/users, and their width on a phone and a desktop, are the every-page sweep's
// (customer-pages.spec.ts); axe with the new-user dialog open is dialogs-a11y.spec.ts's.

test('the new-user dialog works from the keyboard alone: focus in, kept in, Escape out, focus back', async ({
  page,
}) => {
  await signInViaApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin/users');
  const opener = page.getByTestId('new-user');
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Novo Usuário' });
  await expect(dialog).toBeVisible();
  const focusInDialog = () =>
    page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
  expect(await focusInDialog()).toBe(true);
  // Twenty Tabs go round the dialog's controls and never reach the page behind it.
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInDialog()).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});
