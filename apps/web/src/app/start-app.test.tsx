import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { startApp } from './start-app.tsx';

// The app starting over the pre-rendered landing, and into the empty #root of every other page.

/** The landing's own heading, as the app renders it (the sent page's stand-in has no main#main). */
const landingHeading = () => document.querySelector('main#main h1') ?? undefined;

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
});

test('over the sent page, the app renders off-document and takes its place in one step', async () => {
  document.body.innerHTML =
    '<div id="root"><div id="sent"><h1>Page as sent</h1><button type="button">Menu</button></div></div>';
  const sent = document.getElementById('root')!;
  const seenBeforeRender: { rootIsSent: boolean; appShown: boolean }[] = [];

  const started = startApp({
    beforeRender: () =>
      seenBeforeRender.push({
        rootIsSent: document.getElementById('root') === sent,
        appShown: landingHeading() !== undefined,
      }),
  });
  // While the app renders, the visitor still has the page as sent.
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(document.getElementById('sent')).not.toBeNull();

  await started;
  // The snapshot is taken once, on the page as sent, right before the app's page replaces it.
  expect(seenBeforeRender).toEqual([{ rootIsSent: true, appShown: false }]);
  const root = document.getElementById('root')!;
  expect(root).not.toBe(sent);
  expect(sent.isConnected).toBe(false);
  expect(document.querySelectorAll('#root')).toHaveLength(1);
  expect(landingHeading()).toBeDefined();
  expect(root.contains(landingHeading()!)).toBe(true);
});

test('on any other page the app renders into the empty #root, already on screen', async () => {
  document.body.innerHTML = '<div id="root"></div>';
  const root = document.getElementById('root')!;
  await startApp();
  expect(document.getElementById('root')).toBe(root);
  expect(root.contains(landingHeading()!)).toBe(true);
});
