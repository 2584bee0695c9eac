import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { i18nReady } from '../i18n/index.ts';
import { AppProviders } from './providers.tsx';
import { router } from './router.tsx';

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

/** Lets the browser handle input and paint between the app's code arriving and its render starting. */
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
 * Over the pre-rendered landing (#root not empty) the app renders into a fresh, detached #root as a
 * transition, which React splits into short slices, so the page as sent stays readable and answers
 * meanwhile. Once that first render is committed and its effects have run, `beforeRender` runs and the
 * new #root takes the old one's place in the same step: nothing can happen between the two, and nothing
 * is painted in between.
 */
export async function startApp({ beforeRender }: { beforeRender?: () => void } = {}): Promise<void> {
  await i18nReady;
  const current = document.getElementById('root')!;
  const sent = current.hasChildNodes();
  if (sent) await yieldToBrowser();
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
    const app = (
      <StrictMode>
        <OnMount onMount={takeOver}>
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
