import { expect, test } from '@playwright/test';
import { seePrices } from './landing-support.ts';

// The landing page's own checks (language, unknown paths) live in landing.spec.ts.

test('the store is up: health, readiness and the built web app', async ({ request, page }) => {
  expect((await request.get('/health')).ok()).toBe(true);
  expect((await request.get('/ready')).ok()).toBe(true);

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/');
  await expect(page.getByRole('main')).toBeVisible();
  // Scrolled to, the prices start the app, which loads them.
  await seePrices(page);
  expect(errors).toEqual([]);
});

test('the offline demo says so on every page', async ({ page, request }) => {
  expect(await (await request.get('/api/v1/store')).json()).toMatchObject({ demo: true });
  for (const path of ['/', '/login', '/register']) {
    await page.goto(path);
    await expect(page.getByTestId('demo-banner')).toContainText(/Demonstração offline|Offline demo/);
  }
});
