import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { type TrackRecordFields, trackRecordParts } from './track-record.ts';

const text = (offer: TrackRecordFields, lang: 'pt' | 'en') =>
  trackRecordParts(offer, lang)
    .map((p) => i18n.getFixedT(lang, 'products')(p.key, p.values))
    .join(' · ');

describe("an offer's record from the store's own sales", () => {
  it('shows the rate as a whole percentage with its sample size, and a short wait in seconds', () => {
    expect(text({ success_rate: 0.923, median_seconds_to_code: 45, sample_size: 26 }, 'pt')).toBe(
      'Taxa de sucesso: 92% (26 pedidos) · Código em ~45 s',
    );
    expect(text({ success_rate: 0.923, median_seconds_to_code: 45, sample_size: 26 }, 'en')).toBe(
      'Success rate: 92% (26 orders) · Code in ~45 s',
    );
  });

  it('shows a rate from five finished orders on (6 bought, 5 with a code)', () => {
    expect(text({ success_rate: 1, median_seconds_to_code: 30, sample_size: 5 }, 'pt')).toBe(
      'Taxa de sucesso: 100% (5 pedidos) · Código em ~30 s',
    );
  });

  it('shows a long wait in whole minutes', () => {
    expect(text({ success_rate: 1, median_seconds_to_code: 200, sample_size: 8 }, 'pt')).toBe(
      'Taxa de sucesso: 100% (8 pedidos) · Código em ~3 min',
    );
    expect(text({ success_rate: 0.5, median_seconds_to_code: 90, sample_size: 10 }, 'en')).toBe(
      'Success rate: 50% (10 orders) · Code in ~90 s',
    );
  });

  it('says so when no number got a code, and states the threshold below the minimum sample', () => {
    expect(text({ success_rate: 0, median_seconds_to_code: null, sample_size: 7 }, 'en')).toBe(
      'Success rate: 0% (7 orders)',
    );
    expect(text({ success_rate: null, median_seconds_to_code: null, sample_size: 4 }, 'pt')).toBe(
      'Sem dados suficientes (mostrados a partir de 5 pedidos concluídos)',
    );
    expect(text({ success_rate: null, median_seconds_to_code: null, sample_size: 0 }, 'en')).toBe(
      'Not enough data yet (shown from 5 finished orders)',
    );
  });
});
