import { MessageSquareText } from 'lucide-react';
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

export function a11yProps(label: string | undefined) {
  return label ? ({ role: 'img', 'aria-label': label } as const) : ({ 'aria-hidden': true } as const);
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
