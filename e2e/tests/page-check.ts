import { expect, type Page } from '@playwright/test';
import { seriousAxeViolations } from './support.ts';
import { wordsOutOfPlace } from './words-support.ts';

/**
 * What every page of the store is held to, on a phone and a desktop, in one language: nothing scrolls sideways,
 * touch targets are 44 px on a phone, no emoji is drawn (they show as empty boxes where the system has no
 * emoji font), the reader meets no raw code and no word of the other language, and axe finds nothing
 * serious.
 */

// Pictographs drawn as emoji; plain symbols such as the copyright sign are not.
const EMOJI = /\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F|\p{Regional_Indicator}/u;

/**
 * All a person reads on the page: its text and the names and hints its controls give, less the
 * identifiers marked translate="no" (a SKU, a slug, a protocol's tokens), which are the same in every
 * language.
 */
const readable = (page: Page) =>
  page.evaluate(() => {
    const attributes = Array.from(document.querySelectorAll('[aria-label], [title], [placeholder]')).flatMap(
      (el) => ['aria-label', 'title', 'placeholder'].map((a) => el.getAttribute(a) ?? ''),
    );
    const options = Array.from(document.querySelectorAll('option')).map((o) => o.textContent ?? '');
    const shown = document.body.innerText;
    // Headings set in capitals by CSS read as words, not as codes: the text as written is what counts;
    // and what is marked translate="no" is left out for the moment of reading.
    const asWritten = document.createElement('style');
    asWritten.textContent =
      '* { text-transform: none !important; } [translate="no"] { display: none !important; }';
    document.head.append(asWritten);
    const text = [document.body.innerText, ...attributes, ...options].join('\n');
    asWritten.remove();
    return { shown, text, scrollWidth: document.documentElement.scrollWidth };
  });

/** Boxes that scroll sideways hide what is past their edge (amounts in a table, say). */
const sidewaysBoxes = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((el) => {
        const style = getComputedStyle(el);
        return (
          (style.overflowX === 'auto' || style.overflowX === 'scroll') &&
          el.offsetParent !== null &&
          el.scrollWidth > el.clientWidth + 1
        );
      })
      .map((el) => el.getAttribute('aria-label') ?? el.tagName.toLowerCase()),
  );

/** Controls shorter than 44 px, but for links inside text, check boxes and the hidden skip link. */
const smallTargets = (page: Page) =>
  page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLElement>(
        'button, a[href], input, select, summary, [role="menuitemradio"]',
      ),
    )
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        const inText = el.tagName === 'A' && style.display === 'inline';
        // The skip link is visually hidden (clipped) until focused.
        const hidden = style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)';
        const offScreen = hidden || r.bottom <= 0 || r.right <= 0;
        return (
          r.width > 0 &&
          r.height > 0 &&
          r.height < 44 &&
          !inText &&
          !offScreen &&
          el.getAttribute('type') !== 'checkbox' &&
          el.getAttribute('type') !== 'radio'
        );
      })
      .map(
        (el) =>
          `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(el.getBoundingClientRect().height)}px`,
      ),
  );

export interface CheckAt {
  lang: 'pt' | 'en';
  /** Names people gave themselves (the seeded admin is "Administrador"): not the store's words. */
  people?: string[];
}

/** The widths a page is read at, the phone first: the page is loaded at 360 px, then widened. */
export const WIDTHS = [360, 1280] as const;
/**
 * What axe checks (names, roles, contrast, landmarks) changes with the layout, not with the language:
 * it scans each width once, the phone in Portuguese and the desktop in English.
 */
const scansWithAxe = (width: number, lang: 'pt' | 'en') => (lang === 'pt') === width < 640;

/** What is wrong with the page as shown now, at `width`, each problem naming the page as `shown`. */
async function problemsAt(page: Page, shown: string, width: number, at: CheckAt): Promise<string[]> {
  const problems: string[] = [];
  // Skeletons and busy lists settle before measuring.
  await expect(page.locator('.animate-pulse:visible, [aria-busy="true"]:visible')).toHaveCount(0, {
    timeout: 30_000,
  });
  const { shown: text, text: words, scrollWidth } = await readable(page);
  if (scrollWidth !== width) problems.push(`${shown}: scrollWidth ${scrollWidth} at ${width} px`);
  const sideways = await sidewaysBoxes(page);
  if (sideways.length > 0) problems.push(`${shown}: sideways-scrolling boxes ${sideways.join(', ')}`);
  if (width < 640) {
    const small = await smallTargets(page);
    if (small.length > 0)
      problems.push(`${shown}: ${small.length} targets under 44 px: ${small.slice(0, 6).join('; ')}`);
  }
  const emoji = text.match(EMOJI);
  if (emoji) problems.push(`${shown}: emoji ${emoji[0]} in the text`);
  for (const w of wordsOutOfPlace(words, at.lang, at.people)) problems.push(`${shown}: ${w}`);
  if (scansWithAxe(width, at.lang))
    for (const v of await seriousAxeViolations(page, ['[data-sonner-toaster]']))
      problems.push(`${shown}: axe ${v.id} (${v.help}) at ${v.targets.slice(0, 3).join(', ')}`);
  return problems;
}

/**
 * Opens `path` on a phone and returns what is wrong with it there and then on a desktop (the same page
 * widened: the layouts follow the width as it changes), each problem naming the page as `shown`.
 * `atWidth` runs after the checks at each width, for what a caller checks of its own.
 */
export async function checkPage(
  page: Page,
  path: string,
  shown: string,
  at: CheckAt,
  atWidth?: (width: number) => Promise<void>,
): Promise<string[]> {
  const problems: string[] = [];
  await page.setViewportSize({ width: WIDTHS[0], height: 800 });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // A page sent pre-rendered in Portuguese is the app's, in the reader's language, before it is read.
  await expect(page.locator('html')).toHaveAttribute('lang', at.lang === 'pt' ? 'pt-BR' : 'en', {
    timeout: 30_000,
  });
  // A visitor's first key (Shift, which changes nothing on the page) starts the app the pre-rendered
  // pages wait for; then the reader goes through the whole page, a screen at a time, so what loads as
  // it comes near is there to read.
  await page.keyboard.press('Shift');
  await page.evaluate(async () => {
    const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await frame();
    }
  });
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const width of WIDTHS) {
    if (width !== WIDTHS[0]) {
      await page.setViewportSize({ width, height: 800 });
      // The layouts that follow the width in script (media query listeners) render before the reading.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
    }
    problems.push(...(await problemsAt(page, shown, width, at)));
    await atWidth?.(width);
  }
  return problems;
}
