import { type ReactNode, StrictMode, useEffect } from 'react';
import { RouterProvider, type RouterProviderProps } from 'react-router';
import { AppProviders } from './providers.tsx';

/** Calls `onMount` once the tree it wraps is first committed and its effects have run (a parent's runs last). */
function OnMount({ onMount, children }: { onMount?: () => void; children: ReactNode }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first commit only
  useEffect(() => onMount?.(), []);
  return children;
}

/**
 * The whole app around its router: what the build renders into a pre-rendered page (app/prerender.tsx)
 * and what the browser hydrates over it (app/start-app.tsx), so both render the same tree.
 */
export function AppRoot({
  router,
  onMount,
}: {
  router: RouterProviderProps['router'];
  onMount?: () => void;
}) {
  return (
    <StrictMode>
      <OnMount onMount={onMount}>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </OnMount>
    </StrictMode>
  );
}
