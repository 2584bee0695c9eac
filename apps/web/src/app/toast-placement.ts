/** Room between the header's lower edge and a toast (the toast's close button stands out ~7 px above it). */
export const TOAST_GAP_PX = 12;

/** The CSS variable the Toaster's offsets read: where toasts start, measured from the viewport's top. */
export const TOAST_TOP_VAR = '--toast-top';

/**
 * Toasts start just below the sticky header wherever it is: lower while the demo banner above it is in
 * view (it wraps to two or three lines on a phone), at 64 px once scrolled. Measured once per frame
 * while the page scrolls or resizes, and whenever a toast is about to show. Returns the way to stop.
 */
export function keepToastsBelowHeader(doc: Document = document): () => void {
  const win = doc.defaultView;
  if (!win) return () => {};
  let frame = 0;
  const measure = () => {
    frame = 0;
    const header = doc.querySelector('header.sticky') ?? doc.querySelector('header');
    const bottom = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
    doc.documentElement.style.setProperty(TOAST_TOP_VAR, `${Math.round(bottom) + TOAST_GAP_PX}px`);
  };
  const schedule = () => {
    if (!frame) frame = win.requestAnimationFrame(measure);
  };
  measure();
  win.addEventListener('scroll', schedule, { passive: true });
  win.addEventListener('resize', schedule);
  // A new page brings its own header (the landing's, the app's): measure after each navigation too.
  win.addEventListener('popstate', schedule);
  doc.addEventListener('numero:toast', measure);
  return () => {
    if (frame) win.cancelAnimationFrame(frame);
    win.removeEventListener('scroll', schedule);
    win.removeEventListener('resize', schedule);
    win.removeEventListener('popstate', schedule);
    doc.removeEventListener('numero:toast', measure);
  };
}
