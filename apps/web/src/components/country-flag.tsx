import {
  AR,
  AU,
  BO,
  BR,
  CA,
  CL,
  CN,
  CO,
  DE,
  EG,
  ES,
  FR,
  GB,
  ID,
  IN,
  IT,
  JP,
  KR,
  MX,
  MY,
  NG,
  NL,
  PE,
  PH,
  PK,
  PL,
  PT,
  PY,
  RU,
  TH,
  TR,
  UA,
  US,
  UY,
  VE,
  VN,
  ZA,
} from 'country-flag-icons/react/3x2';
import { Globe } from 'lucide-react';
import type { SVGProps } from 'react';
import { a11yProps } from './brand-icons.tsx';
import { cn } from './ui/cn.ts';

// Flags are drawn from bundled SVGs, like the services' logos beside them (see brand-icons.tsx).
type FlagComponent = (props: SVGProps<SVGSVGElement> & { title?: string }) => React.ReactElement;
const FLAGS: Record<string, FlagComponent> = {
  AR,
  AU,
  BO,
  BR,
  CA,
  CL,
  CN,
  CO,
  DE,
  EG,
  ES,
  FR,
  GB,
  ID,
  IN,
  IT,
  JP,
  KR,
  MX,
  MY,
  NG,
  NL,
  PE,
  PH,
  PK,
  PL,
  PT,
  PY,
  RU,
  TH,
  TR,
  UA,
  US,
  UY,
  VE,
  VN,
  ZA,
} as unknown as Record<string, FlagComponent>;

/** A country's flag (3:2), or a globe for a country the bundle has no flag for. */
export function CountryFlag({
  code,
  label,
  className,
}: {
  code: string;
  label?: string;
  className?: string;
}) {
  const Flag = FLAGS[code.toUpperCase()];
  const a11y = a11yProps(label);
  if (!Flag)
    return (
      <Globe className={cn('h-4 w-6 shrink-0 text-slate-500', className)} data-icon="fallback" {...a11y} />
    );
  return (
    <span
      className={cn(
        'inline-flex h-4 w-6 shrink-0 overflow-hidden rounded-[3px] ring-1 ring-slate-900/10',
        className,
      )}
      data-icon={`flag-${code.toUpperCase()}`}
      {...a11y}
    >
      <Flag className="size-full" aria-hidden />
    </span>
  );
}
