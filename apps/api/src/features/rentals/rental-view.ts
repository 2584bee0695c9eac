import type { RentalDetail, RentalMessage, RentalSettings, RentalSummary } from '@numero/contract/rentals';
import type { MessageRow, RentalRow } from './rentals.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Until when a cancel refunds in full: only while active, unsettled and before any SMS. */
export function refundableUntil(row: RentalRow, settings: Pick<RentalSettings, 'cancel_window_minutes'>) {
  if (row.status !== 'active' || row.settled !== null || row.smsCount > 0 || !row.startedAt) return null;
  return new Date(row.startedAt.getTime() + settings.cancel_window_minutes * 60_000);
}

export function toRentalSummary(row: RentalRow, settings: RentalSettings, now: Date): RentalSummary {
  const active = row.status === 'active';
  const until = refundableUntil(row, settings);
  const left =
    active && row.endsAt ? Math.max(0, Math.floor((row.endsAt.getTime() - now.getTime()) / 1000)) : 0;
  return {
    id: row.id,
    number: row.publicId,
    service_code: row.serviceCode,
    service_name: row.serviceName,
    country_code: row.countryCode,
    operator: row.operator,
    phone_number: row.phoneNumber,
    status: row.status,
    currency: row.currency,
    hours: row.hours,
    total_paid: row.totalPaid,
    settled: row.settled,
    started_at: iso(row.startedAt),
    ends_at: iso(row.endsAt),
    ended_at: iso(row.endedAt),
    seconds_left: left,
    refundable_until: until && until > now ? until.toISOString() : null,
    sms_count: row.smsCount,
    can_cancel: Boolean(until && until > now),
    can_finish: active,
    can_extend: active && left > 0,
    created_at: row.createdAt.toISOString(),
  };
}

export const toRentalMessage = (m: MessageRow): RentalMessage => ({
  id: m.id,
  sender: m.sender,
  text: m.text,
  code: m.code,
  received_at: m.receivedAt.toISOString(),
});

export function toRentalDetail(
  row: RentalRow,
  messages: MessageRow[],
  settings: RentalSettings,
  now: Date,
): RentalDetail {
  return { ...toRentalSummary(row, settings, now), messages: messages.map(toRentalMessage) };
}

/**
 * The code in an SMS: the first group of 4 to 8 digits, or two groups of 3 split by a space or a dash
 * ("123-456"), as the sellers' own code fields pick it. Null when the text carries none.
 */
export function pickCode(text: string): string | null {
  const split = /(?<!\d)(\d{3})[- ](\d{3})(?!\d)/.exec(text);
  if (split) return `${split[1]}${split[2]}`;
  const plain = /(?<!\d)\d{4,8}(?!\d)/.exec(text);
  return plain ? plain[0] : null;
}
