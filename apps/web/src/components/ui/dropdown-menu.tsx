import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import { Check } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from './cn.ts';

/**
 * Menus on Radix UI's DropdownMenu: arrow keys, Home/End and typeahead move between items, Escape and
 * Tab close, focus returns to the button, and the menu flips or shifts to stay inside the window.
 */
/** Not modal: the page around stays as it is (a menu is left with Tab, Escape or a press elsewhere). */
export function Menu(props: ComponentProps<typeof RadixMenu.Root>) {
  return <RadixMenu.Root modal={false} {...props} />;
}
export const MenuTrigger = RadixMenu.Trigger;
export const MenuRadioGroup = RadixMenu.RadioGroup;

/**
 * Rendered in a portal over the page, so no scrolling box (a drawer, a card) can clip it. Radix names
 * the menu after its button; an `aria-label` given here names it instead.
 */
export function MenuContent({ className, ...rest }: ComponentProps<typeof RadixMenu.Content>) {
  return (
    <RadixMenu.Portal>
      <RadixMenu.Content
        sideOffset={8}
        {...(rest['aria-label'] ? { 'aria-labelledby': undefined } : {})}
        collisionPadding={8}
        className={cn(
          'z-50 max-h-(--radix-dropdown-menu-content-available-height) w-[min(16rem,calc(100vw-1rem))] overflow-y-auto rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg shadow-slate-900/10 focus:outline-none',
          className,
        )}
        {...rest}
      />
    </RadixMenu.Portal>
  );
}

export const menuItemClasses =
  'flex h-11 w-full cursor-pointer items-center gap-3 rounded-lg px-3 text-left text-sm text-slate-700 outline-none transition-colors select-none data-disabled:cursor-wait data-disabled:opacity-60 data-highlighted:bg-slate-100 data-highlighted:text-slate-900';

export function MenuItem({ className, ...rest }: ComponentProps<typeof RadixMenu.Item>) {
  return <RadixMenu.Item className={cn(menuItemClasses, className)} {...rest} />;
}

/** One choice of a radio group: a check mark beside the chosen one. */
export function MenuRadioItem({ className, children, ...rest }: ComponentProps<typeof RadixMenu.RadioItem>) {
  return (
    <RadixMenu.RadioItem
      className={cn(
        menuItemClasses,
        'justify-between data-[state=checked]:font-semibold data-[state=checked]:text-brand-800',
        className,
      )}
      {...rest}
    >
      {children}
      <RadixMenu.ItemIndicator>
        <Check className="size-4 text-brand-700" aria-hidden />
      </RadixMenu.ItemIndicator>
    </RadixMenu.RadioItem>
  );
}

export function MenuSeparator({ className }: { className?: string }) {
  return <RadixMenu.Separator className={cn('my-1.5 h-px bg-slate-100', className)} />;
}

export const MenuLabel = RadixMenu.Label;
