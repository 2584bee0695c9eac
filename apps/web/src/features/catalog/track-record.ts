import { type ProductOffer, TRACK_RECORD_MIN_SAMPLE } from '@numero/contract/catalog';
import { localeFor } from '../../i18n/format.ts';

export type TrackRecordFields = Pick<ProductOffer, 'success_rate' | 'median_seconds_to_code' | 'sample_size'>;

/** The text keys (namespace products) and values that describe an offer's record. */
export type TrackRecordPart =
  | { key: 'record.successRate'; values: { rate: string; count: number } }
  | { key: 'record.codeInSeconds' | 'record.codeInMinutes'; values: { count: number } }
  | { key: 'record.noData'; values: { min: number } };

/** Up to this many seconds the wait reads in seconds ("~45 s"); longer, in whole minutes ("~3 min"). */
const SECONDS_SHOWN_UP_TO = 90;

/**
 * What the store knows of an offer from its own sales: the success rate over its sample size and the
 * median time to code, or that it does not know enough yet and from when it will (the API sends null
 * below TRACK_RECORD_MIN_SAMPLE finished orders; nothing is guessed).
 */
export function trackRecordParts(offer: TrackRecordFields, lang: string): TrackRecordPart[] {
  if (offer.success_rate === null)
    return [{ key: 'record.noData', values: { min: TRACK_RECORD_MIN_SAMPLE } }];
  const rate = new Intl.NumberFormat(localeFor(lang), { style: 'percent', maximumFractionDigits: 0 }).format(
    offer.success_rate,
  );
  const parts: TrackRecordPart[] = [
    { key: 'record.successRate', values: { rate, count: offer.sample_size } },
  ];
  const seconds = offer.median_seconds_to_code;
  if (seconds !== null)
    parts.push(
      seconds <= SECONDS_SHOWN_UP_TO
        ? { key: 'record.codeInSeconds', values: { count: seconds } }
        : { key: 'record.codeInMinutes', values: { count: Math.round(seconds / 60) } },
    );
  return parts;
}
