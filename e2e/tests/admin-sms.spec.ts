import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { signInViaApi } from './staff-support.ts';
import { presetLanguageAndConsent, seriousAxeViolations } from './support.ts';

test.describe('/admin/sms, /admin/orders/export and the whole admin menu', () => {
  test.beforeEach(async ({ page }) => {
    // The cookie banner is its own spec's subject: here it would lie over the table's last rows.
    await presetLanguageAndConsent(page, 'pt');
    await signInViaApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  });

  test('every tile of the admin menu opens a real screen, none says "Em breve"', async ({ page }) => {
    // Ten screens, each in its own chunk: more than one ordinary test's time.
    test.setTimeout(90_000);
    await page.goto('/admin');
    const tiles = page.getByTestId('admin-menu').getByRole('link');
    await expect(tiles).toHaveCount(10);
    await expect(page.getByTestId('admin-menu')).not.toContainText('Em breve');
    const hrefs = await tiles.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    for (const href of hrefs) {
      await page.goto(href!);
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });

  test('an ADMIN sees the providers with their health and the latest SMS', async ({ page }) => {
    await page.goto('/admin');
    await page.getByTestId('admin-menu-sms').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Provedores de SMS' })).toBeVisible();
    const row = page.getByTestId('provider-simulator');
    await expect(row).toBeVisible();
    await expect(row.getByLabel('Simulador ativo')).toBeChecked();
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The only provider cannot be switched off: the server says why.
    // A click, not uncheck(): the box shows what the server keeps, and it keeps this one on.
    await row.getByLabel('Simulador ativo').click();
    await expect(page.getByRole('alert')).toContainText('Pelo menos um provedor precisa ficar ativo.');
  });

  test('an ADMIN exports orders with only the chosen columns', async ({ page }) => {
    await page.goto('/admin/orders/export');
    await expect(page.getByRole('heading', { level: 1, name: 'Exportar pedidos' })).toBeVisible();
    for (const label of [
      'ID',
      'Data',
      'Cliente',
      'Serviço',
      'País',
      'Número',
      'Código',
      'Pagamento',
      'Moeda',
      'Expira em',
    ])
      await page.getByRole('checkbox', { name: label, exact: true }).uncheck();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Baixar CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^pedidos-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8');
    expect(text.replace(/^\ufeff/, '').split('\r\n')[0]).toBe('email,status,preço');
  });
});
