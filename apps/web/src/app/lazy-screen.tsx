import { type ComponentType, createElement, type ReactNode, Suspense, use, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/ui/feedback.tsx';

function ScreenLoading() {
  const { t } = useTranslation();
  return <Spinner label={t('loading')} className="min-h-[60vh]" />;
}

/**
 * A screen whose code comes in its own chunk, like `React.lazy`, with its own loading state, and which
 * can be loaded ahead (`preload`). One already loaded when it mounts renders at once, without a Suspense
 * boundary: the app loads a pre-rendered page's screen before hydrating it (app/start-app.tsx), so the
 * whole page hydrates in one pass. (React hydrates what is inside a boundary in a later pass, after the
 * app's first effects have run.)
 */
export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = <ScreenLoading />,
) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then((screen) => (loaded = screen));
    return loading;
  };
  const Loader = (props: P) => createElement(use(preload()), props);
  function Screen(props: P) {
    // Decided once per mount, so the screen is not mounted anew when its code arrives.
    const [ready] = useState(() => loaded !== undefined);
    if (ready && loaded) return createElement(loaded, props);
    return <Suspense fallback={fallback}>{createElement(Loader, props)}</Suspense>;
  }
  return Object.assign(Screen, { preload });
}
