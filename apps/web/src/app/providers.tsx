import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from 'sonner';
import { SessionProvider } from '../features/auth/session.tsx';
import { createQueryClient } from '../lib/query-client.ts';

export const TOAST_DURATION_MS = 5_000;

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>{children}</SessionProvider>
      <Toaster position="top-right" duration={TOAST_DURATION_MS} richColors closeButton />
    </QueryClientProvider>
  );
}
