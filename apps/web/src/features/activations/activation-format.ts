import type { ActivationStatus } from '@numero/contract/activations';

/**
 * E.164 digits shown the way people read them: +55 11 98765-4321, +1 212 555 0123; other countries
 * keep the plain international form.
 */
export function formatPhone(digits: string): string {
  const d = digits.replace(/\D/g, '');
  const br = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(d);
  if (br) return `+55 ${br[1]} ${br[2]}-${br[3]}`;
  const nanp = /^1(\d{3})(\d{3})(\d{4})$/.exec(d);
  if (nanp) return `+1 ${nanp[1]} ${nanp[2]} ${nanp[3]}`;
  return `+${d}`;
}

/** mm:ss for a countdown; never negative. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

export type StatusTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info';

export const STATUS_TONE: Record<ActivationStatus, StatusTone> = {
  pending: 'neutral',
  waiting_sms: 'info',
  code_received: 'success',
  finished: 'success',
  cancelled: 'neutral',
  expired: 'warning',
  failed: 'danger',
};
