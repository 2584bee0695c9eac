import { prerender } from 'react-dom/static';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { renderPage } from './prerender.tsx';
import { startApp } from './start-app.tsx';

// The app starting over a pre-rendered page (the build's own render of it), and into the empty #root of
// every other page.

const landingHeading = () => document.querySelector('main#main h1');

beforeEach(() => {
  history.replaceState(null, '', '/');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 503, headers: { 'Content-Type': 'application/json' } })),
  );
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('over the pre-rendered landing, the app keeps the page as sent and answers on it', async () => {
  const { html } = await renderPage('landing', 'pt');
  // The build renders in Node and the app runs in a browser; here both share one React, whose server
  // renderer leaves its last context values on the shared contexts: an empty render puts them back.
  await prerender(<></>);
  document.body.innerHTML = `<div id="root">${html}</div>`;
  const heading = landingHeading();
  const menu = document.querySelector<HTMLButtonElement>('header button[aria-label="Menu"]')!;
  expect(heading?.textContent).toBeTruthy();
  const errors = vi.spyOn(console, 'error');
  const beforeHydrate = vi.fn(() => expect(landingHeading()).toBe(heading));

  await startApp({ sentLanguage: 'pt', beforeHydrate });

  expect(beforeHydrate).toHaveBeenCalledOnce();
  // The same elements, now the app's: no second copy, no mismatch reported.
  expect(landingHeading()).toBe(heading);
  expect(document.querySelectorAll('main#main')).toHaveLength(1);
  // (React in development also notes, here only, that two renderers used the same contexts.)
  const reported = errors.mock.calls.map((call) => String(call[0]));
  expect(reported.filter((text) => !text.startsWith('Detected multiple renderers'))).toEqual([]);
  menu.click();
  await vi.waitFor(() => expect(menu.getAttribute('aria-expanded')).toBe('true'));
});

test('on any other page the app renders into the empty #root, already on screen', async () => {
  document.body.innerHTML = '<div id="root"></div>';
  const root = document.getElementById('root')!;
  const beforeHydrate = vi.fn();
  await startApp({ beforeHydrate });
  expect(beforeHydrate).not.toHaveBeenCalled();
  expect(document.getElementById('root')).toBe(root);
  expect(root.contains(landingHeading())).toBe(true);
});
