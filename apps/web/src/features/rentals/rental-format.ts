/** +55 11 98765-4321 for a Brazilian mobile, +1 212 555 0100 for NANP, +<digits> otherwise. */
export function formatRentalPhone(digits: string | null): string {
  if (!digits) return '—';
  const d = digits.replace(/\D/g, '');
  const br = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(d);
  if (br) return `+55 ${br[1]} ${br[2]}-${br[3]}`;
  const nanp = /^1(\d{3})(\d{3})(\d{4})$/.exec(d);
  if (nanp) return `+1 ${nanp[1]} ${nanp[2]} ${nanp[3]}`;
  return `+${d}`;
}

/** Hours and minutes of a duration in seconds, never negative. */
export function splitSeconds(seconds: number): { hours: number; minutes: number } {
  const s = Math.max(0, Math.floor(seconds));
  return { hours: Math.floor(s / 3600), minutes: Math.floor((s % 3600) / 60) };
}

/** A duration as the store sells it: "4 h", or "7 dias" from a week up. */
export function durationLabel(hours: number, t: (key: string, o: { count: number }) => string): string {
  return hours >= 168 ? t('days', { count: hours / 24 }) : t('duration', { count: hours });
}
