import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { formatRelativeTime, type RelativeTexts, relativeTime } from './relative-time.ts';

const NOW = new Date('2025-03-10T15:30:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

function textsIn(lang: 'pt' | 'en'): RelativeTexts {
  const t = i18n.getFixedT(lang, 'admin');
  return {
    justNow: t('time.justNow'),
    invalid: t('time.invalid'),
    minutes: (count) => t('time.minutes', { count }),
    hours: (count) => t('time.hours', { count }),
  };
}
const pt = (value: Parameters<typeof formatRelativeTime>[0]) =>
  formatRelativeTime(value, NOW, 'pt', textsIn('pt'), 'America/Sao_Paulo');
const en = (value: Parameters<typeof formatRelativeTime>[0]) =>
  formatRelativeTime(value, NOW, 'en', textsIn('en'), 'America/Sao_Paulo');

describe('relative time of the recent-activity list (spec §2)', () => {
  it('under 1 minute is "Agora mesmo"', () => {
    expect(pt(ago(0))).toBe('Agora mesmo');
    expect(pt(ago(59 * SECOND))).toBe('Agora mesmo');
    expect(pt(ago(59_999))).toBe('Agora mesmo');
    // The server's clock a few seconds ahead of the browser's.
    expect(pt(new Date(NOW.getTime() + 5 * SECOND))).toBe('Agora mesmo');
    expect(en(ago(10 * SECOND))).toBe('Just now');
  });

  it('under 60 minutes is "N min atrás", counting whole minutes', () => {
    expect(pt(ago(MINUTE))).toBe('1 min atrás');
    expect(pt(ago(5 * MINUTE + 59 * SECOND))).toBe('5 min atrás');
    expect(pt(ago(59 * MINUTE + 59 * SECOND))).toBe('59 min atrás');
    expect(en(ago(12 * MINUTE))).toBe('12 min ago');
  });

  it('under 24 hours is "Nh atrás", counting whole hours', () => {
    expect(pt(ago(HOUR))).toBe('1h atrás');
    expect(pt(ago(3 * HOUR + 59 * MINUTE))).toBe('3h atrás');
    expect(pt(ago(23 * HOUR + 59 * MINUTE))).toBe('23h atrás');
    expect(en(ago(2 * HOUR))).toBe('2h ago');
  });

  it('from 24 hours on, a pt-BR date and time (en-US in English)', () => {
    expect(pt(ago(24 * HOUR))).toBe('09/03/2025, 12:30');
    expect(pt('2025-01-02T03:04:00Z')).toBe('02/01/2025, 00:04');
    expect(en('2025-01-02T03:04:00Z')).toBe('1/2/25, 12:04 AM');
    expect(relativeTime(ago(3 * 24 * HOUR), NOW, 'pt')).toMatchObject({ kind: 'date' });
  });

  it('a date well in the future is shown as a date, not as "just now"', () => {
    expect(relativeTime(new Date(NOW.getTime() + 2 * HOUR), NOW, 'pt').kind).toBe('date');
  });

  it('an invalid or missing date is "Data inválida"', () => {
    expect(pt('not a date')).toBe('Data inválida');
    expect(pt('')).toBe('Data inválida');
    expect(pt(null)).toBe('Data inválida');
    expect(pt(undefined)).toBe('Data inválida');
    expect(pt(Number.NaN)).toBe('Data inválida');
    expect(en('2025-13-45')).toBe('Invalid date');
  });

  it('accepts Date objects and epoch milliseconds as well as ISO strings', () => {
    expect(pt(new Date(NOW.getTime() - 2 * MINUTE))).toBe('2 min atrás');
    expect(pt(NOW.getTime() - 2 * HOUR)).toBe('2h atrás');
  });
});
