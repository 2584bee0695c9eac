/**
 * Whether a press landed in a menu or popover rendered in a portal (Radix UI puts them at the end of
 * the body): a drawer that closes on a press outside itself must not close for one inside its own menu.
 */
export function inPortalledPopup(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[data-radix-popper-content-wrapper]') !== null;
}
