import { describe, expect, it } from 'vitest';
import { formatCountdown, formatPhone } from './activation-format.ts';
import { newIdempotencyKey } from './api/idempotency-key.ts';

describe('activation formatting', () => {
  it('groups Brazilian and North American numbers and keeps others international', () => {
    expect(formatPhone('5511987654321')).toBe('+55 11 98765-4321');
    expect(formatPhone('551133334444')).toBe('+55 11 3333-4444');
    expect(formatPhone('12125550123')).toBe('+1 212 555 0123');
    expect(formatPhone('351912345678')).toBe('+351912345678');
  });

  it('shows a countdown as mm:ss and stops at zero', () => {
    expect(formatCountdown(1200)).toBe('20:00');
    expect(formatCountdown(61.9)).toBe('01:01');
    expect(formatCountdown(-5)).toBe('00:00');
  });

  it('makes a new idempotency key every time, in the format the server accepts', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
