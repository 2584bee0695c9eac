import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { DemoBanner } from '../../components/demo-banner.tsx';
import i18n, { i18nReady, type Lang, switchLanguage } from '../../i18n/index.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { SessionProvider } from '../../lib/session/session.tsx';
import { LandingPage } from './landing-page.tsx';

/**
 * The landing as a visitor first sees it, in one language, for the build to write into the page itself
 * (scripts/prerender-landing.mjs): its content shows before any JavaScript has run, and the app renders
 * over it once loaded.
 */
export async function renderLanding(lang: Lang) {
  await i18nReady;
  await switchLanguage(lang);
  const html = renderToString(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <SessionProvider>
          {/* As the app's root layout puts it: shown in the first paint of a demo store (see DemoBanner). */}
          <DemoBanner />
          <LandingPage />
        </SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return {
    html,
    title: i18n.t('meta.title', { ns: 'landing' }),
    description: i18n.t('meta.description', { ns: 'landing' }),
  };
}
