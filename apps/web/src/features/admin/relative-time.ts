import { localeFor } from '../../i18n/format.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long ago something happened, as the recent-activity list words it (spec §2). */
export type RelativeTime =
  | { kind: 'invalid' }
  | { kind: 'justNow' }
  | { kind: 'minutes'; count: number }
  | { kind: 'hours'; count: number }
  | { kind: 'date'; text: string };

/**
 * Under 1 minute: just now; under 60 minutes: N min; under 24 hours: N h; otherwise the date and time
 * in the language's format (pt-BR in Portuguese). A moment a little ahead of `now` (the server's clock a
 * few seconds before the browser's) still counts as just now.
 */
export function relativeTime(
  value: string | number | Date | null | undefined,
  now: Date,
  lang: string,
  timeZone?: string,
): RelativeTime {
  if (value === null || value === undefined || value === '') return { kind: 'invalid' };
  const at = new Date(value);
  const time = at.getTime();
  if (Number.isNaN(time) || Number.isNaN(now.getTime())) return { kind: 'invalid' };
  const ago = now.getTime() - time;
  if (ago < MINUTE && ago > -MINUTE) return { kind: 'justNow' };
  if (ago > 0 && ago < HOUR) return { kind: 'minutes', count: Math.floor(ago / MINUTE) };
  if (ago > 0 && ago < DAY) return { kind: 'hours', count: Math.floor(ago / HOUR) };
  const text = new Intl.DateTimeFormat(localeFor(lang), {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone,
  }).format(at);
  return { kind: 'date', text };
}

/** The words around the numbers, in the screen's language (the `admin` namespace's `time.*`). */
export interface RelativeTexts {
  justNow: string;
  invalid: string;
  minutes(count: number): string;
  hours(count: number): string;
}

export function formatRelativeTime(
  value: string | number | Date | null | undefined,
  now: Date,
  lang: string,
  texts: RelativeTexts,
  timeZone?: string,
): string {
  const r = relativeTime(value, now, lang, timeZone);
  switch (r.kind) {
    case 'invalid':
      return texts.invalid;
    case 'justNow':
      return texts.justNow;
    case 'minutes':
      return texts.minutes(r.count);
    case 'hours':
      return texts.hours(r.count);
    case 'date':
      return r.text;
  }
}
