// Sonner (about 10 KiB gzipped) loads with the first toast or once the app has rendered, not before the
// landing can paint. Toasts raised before the Toaster subscribes are replayed to it by sonner.
type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | undefined;
export const loadSonner = (): Promise<Sonner> => (sonner ??= import('sonner'));

const show =
  (kind: 'success' | 'error' | 'info') =>
  (...args: Parameters<Sonner['toast']['success']>): void => {
    void loadSonner().then(({ toast }) => toast[kind](...args));
  };

export const toast = { success: show('success'), error: show('error'), info: show('info') };
