import { type RefObject, useLayoutEffect, useRef } from 'react';

/**
 * A menu whose code loads after first paint shows a stand-in button until then. Whoever focused the
 * stand-in (a keyboard user, a test) keeps focus on the real button that replaces it.
 */
export function useFocusCarry() {
  return useRef(false);
}

/** On the stand-in: notes, as it is removed, whether it had focus. */
export function useGiveFocus(carry: RefObject<boolean>, button: RefObject<HTMLElement | null>) {
  useLayoutEffect(
    () => () => {
      carry.current = document.activeElement === button.current;
    },
    [carry, button],
  );
}

/** On the real button: takes focus when the stand-in had it. */
export function useTakeFocus(carry: RefObject<boolean>, button: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    if (carry.current) button.current?.focus();
    carry.current = false;
  }, [carry, button]);
}
