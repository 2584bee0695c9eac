import { describe, expect, it } from 'vitest';
import { balanceAfter, matchesSearch, sortCategories } from './search.ts';

describe('product search helpers', () => {
  it('matches without case or accents, on any field', () => {
    expect(matchesSearch('colombia', 'Colômbia')).toBe(true);
    expect(matchesSearch('WHATS', 'WhatsApp', 'wa')).toBe(true);
    expect(matchesSearch('tg', 'Telegram', 'tg')).toBe(true);
    expect(matchesSearch('  ', 'anything')).toBe(true);
    expect(matchesSearch('uber', 'iFood', 'if')).toBe(false);
  });

  it('orders categories as the landing does, unknown ones last', () => {
    const slugs = sortCategories([
      { slug: 'other' },
      { slug: 'verification' },
      { slug: 'whatsapp' },
      { slug: 'sms' },
    ]);
    expect(slugs.map((c) => c.slug)).toEqual(['sms', 'whatsapp', 'verification', 'other']);
  });

  it('gives the balance after a purchase, or null when it is not enough', () => {
    expect(balanceAfter(2_000, 500)).toBe(1_500);
    expect(balanceAfter(500, 500)).toBe(0);
    expect(balanceAfter(499, 500)).toBeNull();
  });
});
