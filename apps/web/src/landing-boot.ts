/**
 * The only script of the pre-rendered pages (the landing `/`, the sign-in page `/login` and the
 * dashboard's shell `/dashboard`, written by scripts/prerender-landing.mjs). The page is readable and
 * its links work before any JavaScript; the app (React, the router, the texts) is fetched on the
 * visitor's first interaction or once the page is on screen and the browser idle, then renders the same
 * page over it. What the visitor typed is typed again into the twin fields of the app's page, a button
 * pressed before that is pressed again on its twin, and the focus moves to the twin of the element that
 * had it, so nothing the visitor did is lost. A form is never submitted natively meanwhile: its submit
 * button's press (Enter in a field presses it too) is replayed once the app is up.
 */

import { COOKIE_CONSENT_KEY, parseConsent } from './features/landing/consent-storage.ts';

const TRIGGERS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * Where an element sits: its nearest ancestor with an id of ours, then child indexes down from there. The
 * `<template>` markers that server rendering leaves where a part waited for its code are not counted.
 */
interface Spot {
  anchor: string;
  path: number[];
  tag: string;
}

const elementsOf = (parent: Element) => [...parent.children].filter((child) => child.tagName !== 'TEMPLATE');

/**
 * An id React made up (`useId`, a field's label link, Radix's `radix-` ids built on it) differs between
 * the build's render and the app's, so it does not name a place.
 */
const isOwnId = (id: string) => id !== '' && !/(^|-)(_[rR]_|«[rR]|:[rR])/.test(id);

function spotOf(element: Element): Spot | null {
  const path: number[] = [];
  let node = element;
  while (!isOwnId(node.id)) {
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
const pressed: { spot: Spot; byKey: boolean }[] = [];

// Links and fragments work natively; a button needs the app, so it is pressed again once the app is up.
function rememberPress(event: Event) {
  const target = event.target instanceof Element ? event.target : null;
  const button = target?.closest('button');
  if (!button || !root.contains(button)) return;
  const spot = spotOf(button);
  // A click from the keyboard (Enter, Space) counts no mouse presses.
  if (spot) pressed.push({ spot, byKey: event instanceof MouseEvent && event.detail === 0 });
}

/**
 * Presses the app's button as the visitor did. A Radix menu's button (it carries `data-state`) opens on
 * the press itself (Enter, or the pointer going down), not on the click that follows, so that is what it
 * gets; the stand-in shown while a menu's code loads opens on the click, like any other button.
 */
function pressAgain(button: HTMLElement, byKey: boolean) {
  const radixMenu = button.getAttribute('aria-haspopup') === 'menu' && button.hasAttribute('data-state');
  if (!radixMenu) return button.click();
  const init = { bubbles: true, cancelable: true };
  button.dispatchEvent(
    byKey
      ? new KeyboardEvent('keydown', { ...init, key: 'Enter' })
      : new PointerEvent('pointerdown', { ...init, button: 0, pointerType: 'mouse' }),
  );
}

// Until the app is up a form would submit natively (a page load, the fields in the URL): the app's own
// form submits instead, by the press of its button, which `rememberPress` keeps.
function holdSubmit(event: Event) {
  if (event.target instanceof Element && root.contains(event.target)) event.preventDefault();
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const isField = (node: Element): node is Field =>
  node instanceof HTMLInputElement ||
  node instanceof HTMLTextAreaElement ||
  node instanceof HTMLSelectElement;

/** What the visitor typed, chose or ticked in the page as sent, by the field's place. */
function typedValues() {
  const typed: { spot: Spot; value: string; checked: boolean }[] = [];
  for (const field of root.querySelectorAll('input, textarea, select')) {
    if (!isField(field)) continue;
    const changed =
      field instanceof HTMLSelectElement
        ? [...field.options].some((o) => o.selected !== o.defaultSelected)
        : field.value !== field.defaultValue ||
          (field instanceof HTMLInputElement && field.checked !== field.defaultChecked);
    const spot = changed && spotOf(field);
    if (spot) typed.push({ spot, value: field.value, checked: 'checked' in field && field.checked });
  }
  return typed;
}

/**
 * Types a value into the app's field the way the browser would, so React and the form library see an
 * input event (the property setter of the element's prototype bypasses React's own tracking).
 */
function typeInto(field: Field, value: string, checked: boolean) {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    if (field.checked !== checked) field.click();
    return;
  }
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  setter?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

let started = false;
function start() {
  if (started) return;
  started = true;
  for (const type of TRIGGERS) removeEventListener(type, start, true);
  let focused: Spot | null = null;
  let typed: ReturnType<typeof typedValues> = [];
  void import('./app/start-app.tsx')
    .then(({ startApp }) =>
      startApp({
        beforeRender: () => {
          const active = document.activeElement;
          focused = active && active !== document.body && root.contains(active) ? spotOf(active) : null;
          typed = typedValues();
          removeEventListener('click', rememberPress, true);
          removeEventListener('submit', holdSubmit, true);
        },
      }),
    )
    .then(() => {
      for (const { spot, value, checked } of typed) {
        const twin = twinOf(spot);
        if (twin && isField(twin)) typeInto(twin, value, checked);
      }
      // Unless the visitor has already moved on in the app's page (focus there is theirs now).
      const moved = document.activeElement && document.activeElement !== document.body;
      if (focused && !moved) twinOf(focused)?.focus({ preventScroll: true });
      for (const { spot, byKey } of pressed.splice(0)) {
        const twin = twinOf(spot);
        if (twin) pressAgain(twin, byKey);
      }
    });
}

/** A visitor who has not chosen yet sees the sent cookie banner now, as the app would show it. */
function showCookieBanner() {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(COOKIE_CONSENT_KEY);
  } catch {
    // Storage can throw (privacy modes): nothing was chosen, as the app sees it.
  }
  if (!parseConsent(stored)) root.querySelector('[data-sent-cookie-banner]')?.removeAttribute('hidden');
}

showCookieBanner();
addEventListener('click', rememberPress, true);
addEventListener('submit', holdSubmit, true);
for (const type of TRIGGERS) addEventListener(type, start, { capture: true, passive: true });
const whenIdle = () =>
  'requestIdleCallback' in window ? requestIdleCallback(start, { timeout: 2_000 }) : setTimeout(start, 200);

/**
 * Runs `then` once the page as sent (its cookie banner included: this script blocks rendering) has been
 * shown on screen. Asked for earlier, the app's code would share a slow connection with the page's first
 * paint and delay it. A frame callback is not enough: it can run before the previous frame is presented.
 */
function afterFirstPaint(then: () => void) {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return then();
  // `buffered`: an entry recorded before this call is delivered too. Read from the observer's own list,
  // which holds even where `performance` is replaced (a test's fake clock).
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'paint', buffered: true });
}

const whenLoaded = () => afterFirstPaint(whenIdle);
if (document.readyState === 'complete') whenLoaded();
else addEventListener('load', whenLoaded, { once: true });
