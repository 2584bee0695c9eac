import { type ComponentProps, lazy, type RefObject, Suspense, useRef, useState } from 'react';
import { useHydrated } from '../lib/use-hydrated.ts';
import { LanguageButton } from './language-button.tsx';
import { useFocusCarry, useGiveFocus, useTakeFocus } from './ui/focus-carry.ts';

// The menu itself (Radix UI) loads right after first paint, so it adds nothing to a page's initial JavaScript.
const LanguageMenu = lazy(() => import('./language-menu.tsx'));

function StandIn({ carry, ...rest }: ComponentProps<typeof LanguageButton> & { carry: RefObject<boolean> }) {
  const button = useRef<HTMLButtonElement>(null);
  // Over a pre-rendered page the app's first render keeps the page's stand-in and the next one puts
  // another in its place (the fallback while the menu's code loads): the focus goes on to it too.
  useTakeFocus(carry, button);
  useGiveFocus(carry, button);
  return <LanguageButton ref={button} {...rest} />;
}

/**
 * "English (USD)" or "Português (BRL)": the currency follows the language. A menu button with radio
 * items; i18next's detector stores the choice in localStorage.
 */
export function LanguageSwitcher({
  align = 'end',
  className,
}: {
  /** Which edge of the button the menu lines up with. */
  align?: 'start' | 'end';
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const carry = useFocusCarry();
  // A press or an arrow key before the menu's code arrived opens it as soon as it has.
  const fallback = (
    <StandIn
      carry={carry}
      open={open}
      onClick={() => setOpen(true)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') setOpen(true);
      }}
    />
  );
  // A pre-rendered page has the stand-in, and so has the app's first render over it.
  const hydrated = useHydrated();
  return (
    <div className={className}>
      {hydrated ? (
        <Suspense fallback={fallback}>
          <LanguageMenu align={align} open={open} onOpenChange={setOpen} carry={carry} />
        </Suspense>
      ) : (
        fallback
      )}
    </div>
  );
}
