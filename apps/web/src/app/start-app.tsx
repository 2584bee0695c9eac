import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { i18nReady } from '../i18n/index.ts';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

/**
 * Calls `onMount` once the tree it wraps is first committed and its effects have run (a parent's effect
 * runs after its children's), so whatever the page does on mount is done before the visitor's presses
 * are replayed.
 */
function OnMount({ onMount, children }: { onMount: () => void; children: ReactNode }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first commit only
  useEffect(onMount, []);
  return children;
}

// Zod would probe for `new Function` (to compile its parsers) on its first parse; the store's Content
// Security Policy forbids eval, and the browser reports the probe as a violation (a console issue) even
// though Zod catches it. Zod keeps its settings in this global, shared by every copy of it, which
// `z.config()` writes into; set here, before any parse, without pulling Zod into the app's first chunk.
const zodSettings = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodSettings.__zod_globalConfig = Object.assign(zodSettings.__zod_globalConfig ?? {}, { jitless: true });

/** How long a pre-rendered page waits for the app's page to show its heading before it is replaced anyway. */
const HEADING_WAIT_MS = 10_000;

/** Lets the browser handle input and paint between two steps of the app's start. */
const yieldToBrowser = () =>
  new Promise<void>((resolve) => {
    const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
    if (scheduler?.yield) void scheduler.yield().then(resolve);
    else setTimeout(resolve);
  });

/**
 * Renders the app into #root. The page renders once the reader's texts are here, so no key ever shows
 * in place of a text. When the promise resolves the app's first screen is in the document.
 *
 * Over a pre-rendered page (#root not empty) the app renders into a fresh, detached #root as a
 * transition, which React splits into short slices, so the page as sent stays readable and answers
 * meanwhile. Once the app's page is committed with its heading (`<h1>`) and its effects have run,
 * `beforeRender` runs and the new #root takes the old one's place in the same step: nothing can happen
 * between the two, and nothing is painted in between.
 */
export async function startApp({ beforeRender }: { beforeRender?: () => void } = {}): Promise<void> {
  await i18nReady;
  const current = document.getElementById('root')!;
  const sent = current.hasChildNodes();
  // Over a sent page, every step of the start is a task of its own (the texts, the router, the root), so
  // none of them keeps the page from answering for long.
  const step = sent ? yieldToBrowser : () => Promise.resolve();
  await step();
  const router = createAppRouter();
  await step();
  const container = sent ? Object.assign(document.createElement('div'), { id: 'root' }) : current;
  const root = createRoot(container);
  await new Promise<void>((resolve) => {
    let done = false;
    const takeOver = () => {
      if (done) return; // StrictMode runs a first effect twice in development.
      done = true;
      beforeRender?.();
      if (sent) current.replaceWith(container);
      resolve();
    };
    // The sent page stays until the app's page has its heading: a page that first asks who is signed in
    // or loads its code (the dashboard) would otherwise replace its pre-rendered shell with a spinner.
    const whenReady = () => {
      if (!sent || container.querySelector('h1')) return takeOver();
      const ready = () => {
        if (!container.querySelector('h1')) return;
        observer.disconnect();
        clearTimeout(giveUp);
        // The commit that brought the heading runs its effects first, as on a first mount.
        setTimeout(takeOver);
      };
      const observer = new MutationObserver(ready);
      observer.observe(container, { childList: true, subtree: true });
      const giveUp = setTimeout(() => {
        observer.disconnect();
        takeOver();
      }, HEADING_WAIT_MS);
    };
    const app = (
      <StrictMode>
        <OnMount onMount={whenReady}>
          <AppProviders>
            <RouterProvider router={router} />
          </AppProviders>
        </OnMount>
      </StrictMode>
    );
    if (sent) startTransition(() => root.render(app));
    else root.render(app);
  });
}
