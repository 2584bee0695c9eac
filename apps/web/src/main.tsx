import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { i18nReady } from './i18n/index.ts';
import './index.css';
import { AppProviders } from './app/providers.tsx';
import { router } from './app/router.tsx';

// The page renders once the reader's texts are here, so no key ever shows in place of a text.
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
