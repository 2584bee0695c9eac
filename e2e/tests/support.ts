import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The WCAG 2.2 AA scan every page passes: the serious and critical findings, readable in a failure.
 * `exclude` leaves out regions another test owns (a toast that is mid-animation, say).
 */
export async function seriousAxeViolations(page: Page, exclude: string[] = []) {
  let builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'wcag22aa',
    'best-practice',
  ]);
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
