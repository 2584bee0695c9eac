import { QueryClientProvider } from '@tanstack/react-query';
import { type CSSProperties, lazy, type ReactNode, Suspense, useState } from 'react';
import { createQueryClient } from '../lib/query-client.ts';
import { loadSonner } from '../lib/toast.ts';

const Toaster = lazy(() => loadSonner().then(({ Toaster }) => ({ default: Toaster })));

export const TOAST_DURATION_MS = 5_000;

// Sonner's rich colours put mid-tone text on pale backgrounds (about 4.2:1); these darker texts pass AA.
const TOAST_COLOURS = {
  '--success-text': '#166534',
  '--error-text': '#991b1b',
  '--info-text': '#075985',
  '--warning-text': '#92400e',
} as CSSProperties;

/** The session provider lives in RootLayout, inside the router, because logging out navigates. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* Below the 64 px sticky header, so a toast never covers the user menu or the balance. */}
      <Suspense fallback={null}>
        <Toaster
          position="top-right"
          duration={TOAST_DURATION_MS}
          offset={{ top: 76, right: 16 }}
          mobileOffset={{ top: 72, right: 12, left: 12 }}
          style={TOAST_COLOURS}
          richColors
          closeButton
        />
      </Suspense>
    </QueryClientProvider>
  );
}
