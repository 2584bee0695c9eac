import { QueryClientProvider } from '@tanstack/react-query';
import { type CSSProperties, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createQueryClient } from '../lib/query-client.ts';
import { loadSonner } from '../lib/toast.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { keepToastsBelowHeader, TOAST_TOP_VAR } from './toast-placement.ts';

const Toaster = lazy(() => loadSonner().then(({ Toaster }) => ({ default: Toaster })));

export const TOAST_DURATION_MS = 5_000;

// Sonner's rich colours put mid-tone text on pale backgrounds (about 4.2:1); these darker texts pass AA.
const TOAST_STYLE = {
  '--success-text': '#166534',
  '--error-text': '#991b1b',
  '--info-text': '#075985',
  '--warning-text': '#92400e',
  // Above the sticky header (z-40), below a dialog's overlay (z-50): a toast never covers a dialog's
  // title or buttons, whatever its height on a phone.
  zIndex: 45,
} as CSSProperties;

/** Below the header wherever it is (a demo banner above it pushes it down): see keepToastsBelowHeader. */
const toastTop = (fallback: number) => `var(${TOAST_TOP_VAR}, ${fallback}px)`;

/** The session provider lives in RootLayout, inside the router, because logging out navigates. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => keepToastsBelowHeader(), []);
  const { t } = useTranslation();
  // Nothing to show in a pre-rendered page: the toaster comes once the app is up.
  const hydrated = useHydrated();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* Below the sticky header, so a toast never covers the menu button, the user menu or the balance. */}
      {hydrated && (
        <Suspense fallback={null}>
          <Toaster
            position="top-right"
            duration={TOAST_DURATION_MS}
            offset={{ top: toastTop(76), right: 16 }}
            mobileOffset={{ top: toastTop(76), right: 12, left: 12 }}
            visibleToasts={2}
            style={TOAST_STYLE}
            richColors
            closeButton
            containerAriaLabel={t('notifications')}
          />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
