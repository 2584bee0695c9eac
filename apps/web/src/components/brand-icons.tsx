import { useSyncExternalStore } from 'react';
import { a11yProps } from './icon-a11y.ts';
import { cn } from './ui/cn.ts';

/*
 * The catalogue's services are drawn from bundled SVGs: a well-known service by its brand mark
 * (brand-marks.ts, loaded with the first icon shown), any other by a lettered mark of the same size.
 */

type Marks = typeof import('./brand-marks.ts');

/** The brand marks module once loaded; null if it failed to load (every service is lettered then). */
let marks: Marks | null | undefined;
let requested = false;
const listeners = new Set<() => void>();

// Loaded by the first icon shown, then shared: no page's first JavaScript carries the marks.
function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!requested) {
    requested = true;
    import('./brand-marks.ts').then(settle, () => settle(null));
  }
  return () => {
    listeners.delete(listener);
  };
}

function settle(loaded: Marks | null) {
  marks = loaded;
  for (const listener of listeners) listener();
}

/**
 * Lettered marks' backgrounds, each at least 4.5:1 against their white letters (WCAG AA for text of any
 * size; brand-icons.test.tsx measures them), from Tailwind's palette.
 */
export const LETTER_COLOURS = [
  '#b91c1c', // red-700
  '#c2410c', // orange-700
  '#92400e', // amber-800
  '#3f6212', // lime-800
  '#15803d', // green-700
  '#047857', // emerald-700
  '#0f766e', // teal-700
  '#155e75', // cyan-800
  '#0369a1', // sky-700
  '#1d4ed8', // blue-700
  '#4338ca', // indigo-700
  '#6d28d9', // violet-700
  '#7e22ce', // purple-700
  '#a21caf', // fuchsia-700
  '#be185d', // pink-700
  '#334155', // slate-700
] as const;

/** The same colour for a code on every page and visit: a hash of the code picks it. */
export function letterColour(code: string): string {
  let hash = 2166136261;
  for (const ch of code.toLowerCase()) hash = Math.imul(hash ^ ch.codePointAt(0)!, 16777619) >>> 0;
  return LETTER_COLOURS[hash % LETTER_COLOURS.length]!;
}

/** "Mercado Livre" → "ML", "Avito" → "A", "99app" → "9"; the code's letters when the name has none. */
export function serviceLetters(name: string, code: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? [];
  const initials = words.slice(0, 2).map((word) => [...word][0]!);
  return (initials.length > 0 ? initials.join('') : code.slice(0, 2)).toLocaleUpperCase();
}

/**
 * A service's mark. With `label` it is an image read out by that name; without, it is decoration beside
 * the visible name. `name` is the service's name, for the lettered mark of a service without a brand mark.
 */
export function ServiceIcon({
  code,
  name,
  label,
  className,
}: {
  code: string;
  name: string;
  label?: string;
  className?: string;
}) {
  // The server's render (the pre-rendered pages) and the hydration have no marks yet: a blank box.
  const loaded = useSyncExternalStore(
    subscribe,
    () => marks,
    () => undefined,
  );
  const logo = loaded?.brandMark(code, name);
  const box = cn('inline-flex size-5 shrink-0', className);
  const a11y = a11yProps(label);
  if (loaded === undefined)
    return <span className={cn(box, 'rounded-md bg-slate-100')} data-icon="loading" {...a11y} />;
  if (logo)
    return (
      <span className={box} data-icon={logo.slug} {...a11y}>
        <svg viewBox="0 0 24 24" className="size-full" fill={`#${logo.hex}`} aria-hidden>
          <path d={logo.path} />
        </svg>
      </span>
    );
  const letters = serviceLetters(name, code);
  return (
    <span className={box} data-icon="letters" {...a11y}>
      <svg viewBox="0 0 24 24" className="size-full" aria-hidden>
        <rect width="24" height="24" rx="5" fill={letterColour(code)} />
        <text
          x="12"
          y="12"
          dy="0.35em"
          textAnchor="middle"
          fill="#fff"
          fontFamily="ui-sans-serif, system-ui, sans-serif"
          fontSize={letters.length > 1 ? 10 : 13}
          fontWeight={600}
        >
          {letters}
        </text>
      </svg>
    </span>
  );
}
