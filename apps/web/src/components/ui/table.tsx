import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from './cn.ts';

/**
 * Tables scroll inside their own box on narrow screens instead of widening the page; the box is a
 * labelled, focusable region so keyboard users can scroll it too (biome.json allows its tabIndex).
 */
export function Table({ className, label, ...rest }: HTMLAttributes<HTMLTableElement> & { label: string }) {
  return (
    <section
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
    >
      <table className={cn('min-w-full divide-y divide-slate-200 text-sm', className)} {...rest} />
    </section>
  );
}

export function Th({
  className,
  numeric,
  ...rest
}: ThHTMLAttributes<HTMLTableCellElement> & { numeric?: boolean }) {
  return (
    <th
      scope="col"
      className={cn(
        'bg-slate-50 px-4 py-3 text-xs font-semibold tracking-wide text-slate-600 uppercase',
        numeric ? 'text-right' : 'text-left',
        className,
      )}
      {...rest}
    />
  );
}

/**
 * `numeric` right-aligns money and counts, as the house style asks. A cell stays on one line unless its
 * `className` says how it wraps (`whitespace-normal` for names and addresses): both classes at once would
 * leave the choice to the stylesheet's order, and nowrap came last.
 */
export function Td({
  className,
  numeric,
  ...rest
}: TdHTMLAttributes<HTMLTableCellElement> & { numeric?: boolean }) {
  return (
    <td
      className={cn(
        'px-4 py-3 text-slate-800',
        !className?.includes('whitespace-') && 'whitespace-nowrap',
        numeric && 'text-right tabular-nums',
        className,
      )}
      {...rest}
    />
  );
}
