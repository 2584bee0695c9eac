// Sonner (about 10 KiB gzipped) loads with the first toast or once the app has rendered, not before the
// landing can paint. Toasts raised before the Toaster subscribes are replayed to it by sonner.
type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | undefined;
export const loadSonner = (): Promise<Sonner> => (sonner ??= import('sonner'));

type Options = Parameters<Sonner['toast']['success']>[1];

/**
 * The same message twice (a retried action, two queries failing alike) is one toast, not a stack that
 * hides the page: a text is its own id, so sonner replaces the toast showing it and restarts its timer.
 */
export function toastOptions(message: unknown, options?: Options): Options {
  if (typeof message !== 'string' || options?.id !== undefined) return options;
  return { ...options, id: message };
}

const show =
  (kind: 'success' | 'error' | 'info') =>
  (message: Parameters<Sonner['toast']['success']>[0], options?: Options): void => {
    // Lets the page place the toast below its header as it is now (see keepToastsBelowHeader).
    if (typeof document !== 'undefined') document.dispatchEvent(new Event('numero:toast'));
    void loadSonner().then(({ toast }) => toast[kind](message, toastOptions(message, options)));
  };

export const toast = { success: show('success'), error: show('error'), info: show('info') };
