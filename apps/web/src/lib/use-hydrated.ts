import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False in the build's render of a pre-rendered page and in the app's first render over it (React
 * hydrating that page renders what the build rendered), true in every render after and in an app that
 * starts on an empty page. What only the browser knows (the reader's stored choices) waits for it.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
