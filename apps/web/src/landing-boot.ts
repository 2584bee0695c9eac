/**
 * The only script of the pre-rendered landing (`/`, written by scripts/prerender-landing.mjs). The page
 * is readable and its links work before any JavaScript; the app (React, the router, the texts) is
 * fetched on the visitor's first interaction or once the browser is idle after load, then renders the
 * same page over it. A button pressed before that is pressed again on its twin in the app's page, and
 * the focus moves to the twin of the element that had it, so nothing the visitor did is lost.
 */

const TRIGGERS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * Where an element sits: its nearest ancestor with an id, then child indexes down from there. The
 * `<template>` markers that server rendering leaves where a part waited for its code are not counted.
 */
interface Spot {
  anchor: string;
  path: number[];
  tag: string;
}

const elementsOf = (parent: Element) => [...parent.children].filter((child) => child.tagName !== 'TEMPLATE');

function spotOf(element: Element): Spot | null {
  const path: number[] = [];
  let node = element;
  while (!node.id) {
    const parent = node.parentElement;
    if (!parent) return null;
    path.unshift(elementsOf(parent).indexOf(node));
    node = parent;
  }
  return { anchor: node.id, path, tag: element.tagName };
}

/** The app renders the same markup, so the same spot in its page is the same control. */
function twinOf(spot: Spot): HTMLElement | null {
  let node: Element | null | undefined = document.getElementById(spot.anchor);
  for (const index of spot.path) node = node && elementsOf(node)[index];
  return node instanceof HTMLElement && node.tagName === spot.tag ? node : null;
}

const root = document.getElementById('root')!;
const pressed: Spot[] = [];

// Links and fragments work natively; a button needs the app, so it is pressed again once the app is up.
function rememberPress(event: Event) {
  const target = event.target instanceof Element ? event.target : null;
  const button = target?.closest('button');
  if (!button || !root.contains(button)) return;
  const spot = spotOf(button);
  if (spot) pressed.push(spot);
}

let started = false;
function start() {
  if (started) return;
  started = true;
  for (const type of TRIGGERS) removeEventListener(type, start, true);
  let focused: Spot | null = null;
  void import('./app/start-app.tsx')
    .then(({ startApp }) =>
      startApp({
        beforeRender: () => {
          const active = document.activeElement;
          focused = active && active !== document.body && root.contains(active) ? spotOf(active) : null;
          removeEventListener('click', rememberPress, true);
        },
      }),
    )
    .then(() => {
      if (focused) twinOf(focused)?.focus({ preventScroll: true });
      for (const spot of pressed.splice(0)) twinOf(spot)?.click();
    });
}

addEventListener('click', rememberPress, true);
for (const type of TRIGGERS) addEventListener(type, start, { capture: true, passive: true });
const whenIdle = () =>
  'requestIdleCallback' in window ? requestIdleCallback(start, { timeout: 2_000 }) : setTimeout(start, 200);
if (document.readyState === 'complete') whenIdle();
else addEventListener('load', whenIdle, { once: true });
