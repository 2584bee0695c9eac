import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import i18n, { i18nReady, type Lang, switchLanguage } from '../i18n/index.ts';
import { AppRoot } from './app-root.tsx';
import { appRoutes, prerenderedScreens } from './router.tsx';

/**
 * The pages the build pre-renders, by path. The landing and the sign-in page are rendered for a visitor
 * (the API sends them to a browser without a session cookie, marked `data-session="none"`), the dashboard
 * while the session is being checked (the API sends it to a browser with one): its shell, with
 * placeholders where the user's name and figures go.
 */
const PAGES = {
  landing: { path: '/', visitor: true },
  login: { path: '/login', visitor: true },
  dashboard: { path: '/dashboard', visitor: false },
} as const;

export type PrerenderedPage = keyof typeof PAGES;
export const prerenderedPages = Object.keys(PAGES) as PrerenderedPage[];

/**
 * A page as a visitor first sees it, in one language, for the build to write into the page itself
 * (scripts/prerender-landing.mjs): its content shows before any JavaScript has run. It is the app's own
 * tree, at the page's path, so the app hydrates it once loaded (app/start-app.tsx). Every lazy screen on
 * the way is waited for.
 */
export async function renderPage(name: PrerenderedPage, lang: Lang) {
  await i18nReady;
  await switchLanguage(lang);
  const page = PAGES[name];
  // What the session layer reads to know, as in the browser, whether the page was sent to a visitor.
  document.documentElement.dataset.session = page.visitor ? 'none' : undefined;
  // Loaded first, as the app does before it hydrates the page: then neither puts it in a Suspense boundary.
  await prerenderedScreens[page.path]?.();
  const router = createMemoryRouter(appRoutes(), { initialEntries: [page.path] });
  // In one piece: by default a large part would be sent apart, after the rest, with an inline script to
  // put it in place (which the store's Content Security Policy forbids).
  const { prelude } = await prerender(<AppRoot router={router} />, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const html = await new Response(prelude).text();
  if (/<script|<template/.test(html)) throw new Error(`${name}: a part of the page was sent apart`);
  return {
    html,
    // The store's own title in the reader's language (the app keeps it on every page but the FAQ and API docs).
    title: i18n.t('meta.title', { ns: 'landing' }),
    description: i18n.t('meta.description', { ns: 'landing' }),
  };
}
