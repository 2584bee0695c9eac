import { Globe } from 'lucide-react';
import { a11yProps } from './icon-a11y.ts';
import { cn } from './ui/cn.ts';

/*
 * The flags of country-flag-icons (3:2) for every ISO 3166-1 code, the territories ISO reserves codes for
 * (AC, IC, TA) and Kosovo (XK), each a file of its own in the build: this module holds only their
 * addresses, and the browser fetches a flag's SVG when an <img> of it nears the screen. `no-inline` keeps
 * even the smallest flags out of the JavaScript as data URLs. The package lists no SVG among its exports,
 * hence a path into node_modules (npm hoists it to the root); the flag tests fail if it moves.
 */
const FLAG_FILES = import.meta.glob<string>(['./[A-Z][A-Z].svg', '!./{EU,XA,XC,XO}.svg'], {
  base: '../../../../node_modules/country-flag-icons/3x2/',
  eager: true,
  query: '?url&no-inline',
  import: 'default',
});

/** The flag's file by ISO 3166 code: "./BR.svg" → BR. */
const FLAGS: ReadonlyMap<string, string> = new Map(
  Object.entries(FLAG_FILES).map(([path, url]) => [path.slice(2, 4), url]),
);

/** The address of a country's flag, or undefined for a code that names no flag. */
export function flagUrl(code: string): string | undefined {
  return FLAGS.get(code.trim().toUpperCase());
}

/** A country's flag (3:2), or a globe for a code the bundle has no flag for. */
export function CountryFlag({
  code,
  label,
  className,
}: {
  code: string;
  label?: string;
  className?: string;
}) {
  const url = flagUrl(code);
  const a11y = a11yProps(label);
  if (!url)
    return (
      <Globe className={cn('h-4 w-6 shrink-0 text-slate-500', className)} data-icon="fallback" {...a11y} />
    );
  return (
    <span
      className={cn(
        'inline-flex h-4 w-6 shrink-0 overflow-hidden rounded-[3px] ring-1 ring-slate-900/10',
        className,
      )}
      data-icon={`flag-${code.trim().toUpperCase()}`}
      {...a11y}
    >
      {/* The box above is the flag's size whether or not the image has come: nothing moves when it does. */}
      <img src={url} alt="" width={24} height={16} loading="lazy" decoding="async" className="size-full" />
    </span>
  );
}
