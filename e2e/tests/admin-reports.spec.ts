import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { createUserAsAdmin, headers, STAFF_PASSWORD, signInViaApi, staffEmail } from './staff-support.ts';
import { customerWithActivity, seriousAxeViolations } from './support.ts';

test.describe('/admin/reports', () => {
  test('an ADMIN opens the reports from the menu: chart, rates, tables and a CSV of each', async ({
    page,
  }) => {
    // An axe scan, a download and two chart draws: about 30 s on a busy 2-core machine.
    test.setTimeout(60_000);
    await signInViaApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/admin');
    await page.getByTestId('admin-menu-reports').click();
    await expect(page).toHaveURL(/\/admin\/reports$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Relatórios' })).toBeVisible();
    // The chart library arrives in its own chunk and draws on a canvas.
    await expect(page.getByTestId('revenue-chart')).toBeVisible();
    const api = await (await page.request.get('/api/v1/admin/reports')).json();
    const pct = (x: number) =>
      `${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }).format(x * 100)}%`;
    await expect(page.getByTestId('rate-success')).toContainText(pct(api.rates.success_rate));
    await expect(page.getByTestId('rate-refund')).toContainText(pct(api.rates.refund_rate));
    await expect(page.getByRole('heading', { name: 'Serviços mais vendidos' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Recargas por método' })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV: Receita por período' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^revenue-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await file.path(), 'utf8');
    expect(csv.split(/\r?\n/)[0]).toContain('Locações (R$)');

    await page.getByLabel('Agrupar por').selectOption('month');
    await expect(page).toHaveURL(/period=month/);
    await expect(page.getByTestId('revenue-chart')).toBeVisible();
  });

  test('the orders screen’s "Relatórios" opens the orders reports; a MANAGER reads them in English', async ({
    page,
  }) => {
    await signInViaApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/admin/orders');
    await page.getByRole('link', { name: 'Relatórios' }).click();
    await expect(page).toHaveURL(/\/admin\/orders\/reports$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Relatórios de pedidos' })).toBeVisible();

    const email = staffEmail('reports-manager');
    await createUserAsAdmin(page.request, email, 'MANAGER');
    await page.request.post('/api/v1/auth/logout', { headers });
    await signInViaApi(page.request, email, STAFF_PASSWORD);
    await page.addInitScript(() => localStorage.setItem('numero.lang', 'en'));
    await page.goto('/admin/reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Best-selling services' })).toBeVisible();
  });

  test('a finished rental shows in the rental revenue, apart from activations', async ({ page }) => {
    // A customer rents WhatsApp · Brasil for 4 h (R$ 15,00) and finishes it: the price is captured. (The
    // customer's activation may get its code meanwhile: only the rentals' figures are compared.)
    await customerWithActivity(page);
    const products = await (await page.request.get('/api/v1/catalog/products?service=wa&country=BR')).json();
    const rented = await page.request.post('/api/v1/rentals', {
      headers: { ...headers, 'Idempotency-Key': `reports-rent-${Date.now()}` },
      data: { product_id: products.items[0].id, currency: 'BRL', hours: 4 },
    });
    expect(rented.status(), await rented.text()).toBe(201);
    const finished = await page.request.post(`/api/v1/rentals/${(await rented.json()).id}/finish`, {
      headers,
    });
    expect((await finished.json()).settled).toBe('captured');
    await page.request.post('/api/v1/auth/logout', { headers });

    await signInViaApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/admin/reports');
    const api = await (await page.request.get('/api/v1/admin/reports')).json();
    const sum = (key: string) =>
      api.revenue.reduce((s: number, p: Record<string, number>) => s + (p[key] ?? 0), 0);
    expect(sum('rentals_BRL')).toBeGreaterThanOrEqual(1_500);
    expect(sum('rentals')).toBeGreaterThanOrEqual(1);
    const brl = (cents: number) =>
      new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100);
    const card = page.getByTestId('revenue-rentals');
    await expect(card).toContainText('Receita de locações');
    await expect(card).toContainText(brl(sum('rentals_BRL')));
    await expect(card).toContainText(
      `${sum('rentals')} ${sum('rentals') === 1 ? 'locação iniciada' : 'locações iniciadas'}`,
    );
  });
});
