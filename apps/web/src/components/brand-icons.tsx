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
import { Globe, MessageSquareText } from 'lucide-react';
import type { SVGProps } from 'react';
import {
  type SimpleIcon,
  siDiscord,
  siFacebook,
  siGoogle,
  siIfood,
  siInstagram,
  siNubank,
  siTelegram,
  siTiktok,
  siUber,
  siWhatsapp,
} from 'simple-icons';
import { cn } from './ui/cn.ts';

/*
 * The catalogue's own icon and flag fields hold emoji, which render as empty boxes where the system has
 * no emoji font; the store draws bundled SVGs instead, chosen by the service or country code.
 */

/** Brand marks by the store's service code (handler_api.php codes); anything else gets a neutral icon. */
const SERVICE_LOGOS: Record<string, SimpleIcon> = {
  wa: siWhatsapp,
  wb: siWhatsapp,
  tg: siTelegram,
  ig: siInstagram,
  fb: siFacebook,
  lf: siTiktok,
  ub: siUber,
  if: siIfood,
  nu: siNubank,
  go: siGoogle,
  ds: siDiscord,
};

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

function a11yProps(label: string | undefined) {
  return label ? ({ role: 'img', 'aria-label': label } as const) : ({ 'aria-hidden': true } as const);
}

export function hasServiceLogo(code: string): boolean {
  return code in SERVICE_LOGOS;
}

export function hasFlag(countryCode: string): boolean {
  return countryCode.toUpperCase() in FLAGS;
}

/**
 * A service's logo. With `label` it is an image read out by that name; without, it is decoration beside
 * a visible name.
 */
export function ServiceIcon({
  code,
  label,
  className,
}: {
  code: string;
  label?: string;
  className?: string;
}) {
  const logo = SERVICE_LOGOS[code];
  return (
    <span
      className={cn('inline-flex size-5 shrink-0', className)}
      data-icon={logo?.slug ?? 'fallback'}
      {...a11yProps(label)}
    >
      {logo ? (
        <svg viewBox="0 0 24 24" className="size-full" fill={`#${logo.hex}`} aria-hidden>
          <path d={logo.path} />
        </svg>
      ) : (
        <MessageSquareText className="size-full text-slate-500" aria-hidden />
      )}
    </span>
  );
}

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
