/**
 * The only script of the pre-rendered pages (the landing `/`, the sign-in page `/login` and the
 * dashboard's shell `/dashboard`, written by scripts/prerender-landing.mjs). The page is readable and
 * its links work before any JavaScript. The app (React, the router, the texts) is fetched when the
 * visitor goes further: their first press, touch, key, focus or text in a field (a password manager's
 * included), or what waits for the app's data (a section still loading) coming into view. A page that
 * is not what the reader should see gets the app once it is on screen: for a browser with a session
 * cookie (the dashboard's shell, a signed-in customer's landing: the user's data) or a reader whose
 * chosen language is not the page's (see `needsAppNow`). The app hydrates the page: it keeps its elements, with their focus and what was typed
 * into them. What React cannot know is handed over here: a button pressed before the app was there is
 * pressed again, a field's text is told to it as typed (a form library sets its fields to their initial
 * values when they mount), and a form is never submitted natively meanwhile (its submit button's press,
 * Enter in a field included, is the app's).
 */

import { COOKIE_CONSENT_KEY, parseConsent } from './features/landing/consent-storage.ts';
import { LANG_STORAGE_KEY, normaliseLanguage } from './i18n/language-choice.ts';

/** What a visitor does that needs the app: `input` and `change` are also a password manager's filling. */
const TRIGGERS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'input', 'change'] as const;

const root = document.getElementById('root')!;
const pressed: HTMLButtonElement[] = [];

type Field = HTMLInputElement | HTMLTextAreaElement;
const typed = new Map<Field, string>();

// Links and fragments work natively; a button needs the app, so it is pressed again once the app is up.
function rememberPress(event: Event) {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (button && root.contains(button)) pressed.push(button);
}

/** A field whose text the visitor types (a box is ticked by a press, which `rememberPress` keeps). */
const isTextField = (node: EventTarget | null): node is Field =>
  node instanceof HTMLTextAreaElement ||
  (node instanceof HTMLInputElement && node.type !== 'checkbox' && node.type !== 'radio');

function rememberTyping({ target }: Event) {
  if (isTextField(target) && root.contains(target)) typed.set(target, target.value);
}

// Until the app is up a form would submit natively (a page load, the fields in the URL): the app's own
// form submits instead, by the press of its button, which `rememberPress` keeps.
function holdSubmit(event: Event) {
  if (event.target instanceof Element && root.contains(event.target)) event.preventDefault();
}

const HANDOVER = { click: rememberPress, input: rememberTyping, submit: holdSubmit };
for (const [type, listener] of Object.entries(HANDOVER)) addEventListener(type, listener, true);

/**
 * Tells React a field's text as if typed now. React compares a field's value with the last one it saw
 * set through the element's own property: the text is set through the prototype's setter instead, so
 * the `input` event that follows is a change to it.
 */
function typeAgain(field: Field, value: string) {
  field.value = '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

const sentLanguage = normaliseLanguage(document.documentElement.lang);

let started = false;
let seen: IntersectionObserver | undefined;
function start() {
  if (started) return;
  started = true;
  for (const type of TRIGGERS) removeEventListener(type, start, true);
  seen?.disconnect();
  let handedOver: [Field, string][] = [];
  void import('./app/start-app.tsx').then(({ startApp }) =>
    startApp({
      sentLanguage,
      // From here React answers the page's events itself (it hydrates at once what is pressed).
      beforeHydrate: () => {
        for (const [type, listener] of Object.entries(HANDOVER)) removeEventListener(type, listener, true);
        handedOver = [...typed];
      },
      afterHydrate: () => {
        for (const [field, value] of handedOver) if (field.isConnected) typeAgain(field, value);
        for (const button of pressed.splice(0)) if (button.isConnected) button.click();
      },
    }),
  );
}

/** What the reader chose and the app stored under `key`; null when nothing was. */
function stored(key: string) {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage can throw (privacy modes): nothing was chosen, as the app sees it.
    return null;
  }
}

/** A visitor who has not chosen yet sees the sent cookie banner now, as the app would show it. */
function showCookieBanner() {
  if (!parseConsent(stored(COOKIE_CONSENT_KEY))) {
    root.querySelector('[data-sent-cookie-banner]')?.removeAttribute('hidden');
  }
}

/**
 * Whether the page as sent is not what this reader should see without doing anything: their browser
 * holds a session cookie (the server marks a page for a browser without one `data-session="none"`), so
 * the page needs their data (the dashboard's shell, a signed-in customer's header on the landing); or
 * the language they chose is not the page's, which followed their browser's.
 */
function needsAppNow() {
  if (document.documentElement.dataset.session !== 'none') return true;
  const language = stored(LANG_STORAGE_KEY);
  return language !== null && normaliseLanguage(language) !== sentLanguage;
}

/**
 * What the page shows only once the app has loaded its data (marked `aria-busy`, as the landing's prices
 * are while they load) starts the app when it comes near the screen: a visitor who scrolls with a wheel
 * or a scroll bar, which no trigger above sees, is not left with placeholders.
 */
function startWhenWaitingSeen() {
  const waiting = root.querySelectorAll('[aria-busy="true"]');
  if (waiting.length === 0 || !('IntersectionObserver' in window)) return;
  // A short scroll ahead, so the app is on its way before the placeholders are in view (on a phone the
  // landing's prices are well over a screen down, out of reach of a load nobody scrolls).
  const near = { rootMargin: '0px 0px 200px 0px' };
  seen = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) start();
  }, near);
  for (const element of waiting) seen.observe(element);
}

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

showCookieBanner();
for (const type of TRIGGERS) addEventListener(type, start, { capture: true, passive: true });
if (!needsAppNow()) startWhenWaitingSeen();
else {
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(start, { timeout: 2_000 }) : setTimeout(start, 200);
  const whenLoaded = () => afterFirstPaint(whenIdle);
  if (document.readyState === 'complete') whenLoaded();
  else addEventListener('load', whenLoaded, { once: true });
}
