import { describe, expect, it } from 'vitest';
import { balanceAfter, sortCategories } from './search.ts';

describe('product search helpers', () => {
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
