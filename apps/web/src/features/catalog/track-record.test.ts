import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { type TrackRecordFields, trackRecordParts } from './track-record.ts';

const text = (offer: TrackRecordFields, lang: 'pt' | 'en') =>
  trackRecordParts(offer, lang)
    .map((p) => i18n.getFixedT(lang, 'products')(p.key, p.values))
    .join(' · ');

describe("an offer's record from the store's own sales", () => {
  it('shows the rate as a whole percentage and a short wait in seconds', () => {
    expect(text({ success_rate: 0.923, median_seconds_to_code: 45 }, 'pt')).toBe(
      'Taxa de sucesso: 92% · Código em ~45 s',
    );
    expect(text({ success_rate: 0.923, median_seconds_to_code: 45 }, 'en')).toBe(
      'Success rate: 92% · Code in ~45 s',
    );
  });

  it('shows a long wait in whole minutes', () => {
    expect(text({ success_rate: 1, median_seconds_to_code: 200 }, 'pt')).toBe(
      'Taxa de sucesso: 100% · Código em ~3 min',
    );
    expect(text({ success_rate: 0.5, median_seconds_to_code: 90 }, 'en')).toBe(
      'Success rate: 50% · Code in ~90 s',
    );
  });

  it('says so when no number got a code, and invents nothing below the minimum sample', () => {
    expect(text({ success_rate: 0, median_seconds_to_code: null }, 'en')).toBe('Success rate: 0%');
    expect(text({ success_rate: null, median_seconds_to_code: null }, 'pt')).toBe('Sem dados suficientes');
    expect(text({ success_rate: null, median_seconds_to_code: null }, 'en')).toBe('Not enough data yet');
  });
});
