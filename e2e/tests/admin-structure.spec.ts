import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { signInViaApi } from './staff-support.ts';
import { seriousAxeViolations } from './support.ts';

test.describe('/admin/categories and /admin/countries', () => {
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  });

  test('an ADMIN creates a category, moves a service into it, orders and switches it', async ({ page }) => {
    const slug = `e2e-${Date.now() % 100_000}`;
    await page.goto('/admin');
    await page.getByTestId('admin-menu-categories').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Categorias' })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const form = page.locator('form').first();
    await form.getByLabel('Identificador').fill(slug);
    await form.getByLabel('Nome em português').fill('Categoria E2E');
    await form.getByLabel('Nome em inglês').fill('E2E category');
    await form.getByRole('button', { name: 'Criar categoria' }).click();
    const card = page.getByTestId(`category-${slug}`);
    await expect(card).toContainText('Nenhum serviço nesta categoria.');

    // Discord moves in with its products; the store's public list now shows the new category.
    await page.getByLabel('Categoria de Discord').first().selectOption({ label: 'Categoria E2E' });
    await expect(card).toContainText('Discord');
    await expect
      .poll(
        async () =>
          (await (await page.request.get('/api/v1/catalog/categories')).json()).map(
            (c: { slug: string }) => c.slug,
          ),
        {
          timeout: 10_000,
        },
      )
      .toContain(slug);

    // It was created last; one step up puts it before the one above.
    const slugs = async () =>
      ((await (await page.request.get('/api/v1/admin/categories')).json()) as { slug: string }[]).map(
        (c) => c.slug,
      );
    const before = await slugs();
    await card.getByRole('button', { name: 'Mover Categoria E2E para cima' }).click();
    await expect.poll(slugs).toEqual([...before.slice(0, -2), slug, before.at(-2)]);

    await card.getByLabel('Nome em inglês').fill('E2E group');
    await card.getByRole('button', { name: 'Renomear' }).click();
    await expect
      .poll(
        async () =>
          (await (await page.request.get('/api/v1/admin/categories')).json()).find(
            (c: { slug: string }) => c.slug === slug,
          ).name_en,
      )
      .toBe('E2E group');

    // Switched off, then the service goes back where it was so other specs find it as before.
    await card.getByLabel('Ativa na loja').uncheck();
    await expect(card).toContainText('Inativa');
    await card.getByLabel('Categoria de Discord').selectOption({ label: 'Verificação' });
    await expect(card).toContainText('Nenhum serviço nesta categoria.');
  });

  test('an ADMIN maps a country to its protocol number and disables it, in English', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('numero.lang', 'en'));
    await page.goto('/admin/countries');
    await expect(page.getByRole('heading', { level: 1, name: 'Countries' })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    const row = page.getByTestId('country-PT');
    const name = (await row.locator('td').first().innerText()).trim().replace(/\s\(PT\)$/, '');
    // The flag is drawn from the country's code; there is none to edit.
    await expect(row.locator('[data-icon="flag-PT"] img')).toHaveCount(1);
    await row.getByLabel(`Protocol number of ${name}`).fill('x');
    await expect(row.getByRole('button', { name: `Save ${name}` })).toBeDisabled();
    await row.getByLabel(`Protocol number of ${name}`).fill('117');
    await row.getByRole('button', { name: `Save ${name}` }).click();
    await expect
      .poll(
        async () =>
          (await (await page.request.get('/api/v1/admin/countries')).json()).find(
            (c: { code: string }) => c.code === 'PT',
          ).protocol_id,
      )
      .toBe(117);
    await page.getByTestId('country-PT').getByLabel(`${name} enabled`).uncheck();
    await expect
      .poll(async () =>
        (await (await page.request.get('/api/v1/catalog/countries')).json()).map(
          (c: { code: string }) => c.code,
        ),
      )
      .not.toContain('PT');
    await page.getByTestId('country-PT').getByLabel(`${name} enabled`).check();
    await expect
      .poll(async () =>
        (await (await page.request.get('/api/v1/catalog/countries')).json()).map(
          (c: { code: string }) => c.code,
        ),
      )
      .toContain('PT');
  });
});
