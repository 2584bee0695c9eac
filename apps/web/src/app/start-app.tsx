import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import i18n, { i18nReady, type Lang, normaliseLanguage, switchLanguage } from '../i18n/index.ts';
import { AppRoot } from './app-root.tsx';
import { createAppRouter, prerenderedScreens } from './router.tsx';

// Zod would probe for `new Function` (to compile its parsers) on its first parse; the store's Content
// Security Policy forbids eval, and the browser reports the probe as a violation (a console issue) even
// though Zod catches it. Zod keeps its settings in this global, shared by every copy of it, which
// `z.config()` writes into; set here, before any parse, without pulling Zod into the app's first chunk.
const zodSettings = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodSettings.__zod_globalConfig = Object.assign(zodSettings.__zod_globalConfig ?? {}, { jitless: true });

/** Lets the browser handle input and paint between two steps of the app's start. */
const yieldToBrowser = () =>
  new Promise<void>((resolve) => {
    const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
    if (scheduler?.yield) void scheduler.yield().then(resolve);
    else setTimeout(resolve);
  });

/**
 * Starts the app in #root once the reader's texts are here (no key ever shows in place of a text). The
 * promise resolves once the app's first screen is committed and its effects have run.
 *
 * Over a pre-rendered page (#root not empty, `sentLanguage` its language) React hydrates the page as
 * sent: it keeps its elements, with what the visitor typed, ticked and focused, and attaches the app to
 * them. It renders in the page's language (the reader's stored choice follows, if another), as a
 * transition, which React splits into short slices, and each step before it is a task of its own, so
 * the page answers meanwhile.
 */
export async function startApp({
  sentLanguage,
  beforeHydrate,
  afterHydrate,
}: {
  sentLanguage?: Lang;
  /** Runs right before React starts hydrating the sent page (and so answering its events). */
  beforeHydrate?: () => void;
  /**
   * Runs once the sent page is hydrated and the app's first effects have run, before any render that
   * follows (what only the browser knows: the stored cookie choice, the menus' code) changes it.
   */
  afterHydrate?: () => void;
} = {}): Promise<void> {
  const container = document.getElementById('root')!;
  const sent = container.hasChildNodes();
  // A page's own screen (the sign-in form, the dashboard) is fetched beside the texts, and is there to
  // hydrate with the rest (see lazy-screen.tsx).
  const screen = sent ? prerenderedScreens[location.pathname]?.() : undefined;
  await i18nReady;
  const chosen = normaliseLanguage(i18n.language);
  const pageLanguage = sent ? (sentLanguage ?? chosen) : chosen;
  const step = sent ? yieldToBrowser : () => Promise.resolve();
  if (pageLanguage !== chosen) await switchLanguage(pageLanguage);
  await screen;
  await step();
  const router = createAppRouter();
  await step();
  await new Promise<void>((resolve) => {
    let done = false;
    const onMount = () => {
      if (done) return; // StrictMode runs a first effect twice in development.
      done = true;
      if (sent) afterHydrate?.();
      resolve();
    };
    const app = <AppRoot router={router} onMount={onMount} />;
    if (!sent) return createRoot(container).render(app);
    beforeHydrate?.();
    startTransition(() => void hydrateRoot(container, app));
  });
  if (pageLanguage !== chosen) await switchLanguage(chosen);
}
