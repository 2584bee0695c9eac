import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { DemoBanner } from '../components/demo-banner.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { CookieBanner } from '../features/landing/cookie-banner.tsx';
import { LandingPage } from '../features/landing/landing-page.tsx';
import i18n, { i18nReady, type Lang, switchLanguage } from '../i18n/index.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { SessionProvider } from '../lib/session/session.tsx';
import { AppLayout } from './app-layout.tsx';
import { PublicLayout } from './public-layout.tsx';
import { DashboardPage } from './routes/dashboard-page.tsx';

/** The pages the build pre-renders, each at its path, inside the same layout as the app's router. */
const PAGES = {
  landing: { path: '/', element: <LandingPage /> },
  login: {
    path: '/login',
    element: (
      <Route element={<PublicLayout />}>
        <Route path="/login" element={<LoginPage />} />
      </Route>
    ),
  },
  dashboard: {
    path: '/dashboard',
    element: (
      <Route element={<AppLayout shell />}>
        <Route path="/dashboard" element={<DashboardPage shell />} />
      </Route>
    ),
  },
} satisfies Record<string, { path: string; element: ReactNode }>;

export type PrerenderedPage = keyof typeof PAGES;
export const prerenderedPages = Object.keys(PAGES) as PrerenderedPage[];

/**
 * A page as a visitor first sees it, in one language, for the build to write into the page itself
 * (scripts/prerender-landing.mjs): its content shows before any JavaScript has run, and the app renders
 * over it once loaded. Nobody is signed in here: the dashboard is its shell (placeholders where the
 * user's name and figures go).
 */
export async function renderPage(name: PrerenderedPage, lang: Lang) {
  await i18nReady;
  await switchLanguage(lang);
  const page = PAGES[name];
  const html = renderToString(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[page.path]}>
        <SessionProvider>
          {/* As the app's root layout puts it: shown in the first paint of a demo store (see DemoBanner). */}
          <DemoBanner />
          {name === 'landing' ? page.element : <Routes>{page.element}</Routes>}
          <CookieBanner sent />
        </SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return {
    html,
    // The store's own title in the reader's language (the app keeps it on every page but the FAQ and API docs).
    title: i18n.t('meta.title', { ns: 'landing' }),
    description: i18n.t('meta.description', { ns: 'landing' }),
  };
}

/** The landing, as before. */
export const renderLanding = (lang: Lang) => renderPage('landing', lang);
