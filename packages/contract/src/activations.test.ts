import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { IdempotencyKey, PurchaseBody } from './activations.ts';

function check(schema: z.ZodType, good: unknown[], bad: unknown[]) {
  for (const v of good) expect(schema.safeParse(v).success, `accepts ${JSON.stringify(v)}`).toBe(true);
  for (const v of bad) expect(schema.safeParse(v).success, `refuses ${JSON.stringify(v)}`).toBe(false);
}

describe('a purchase', () => {
  it('is keyed by an Idempotency-Key of 8 to 128 letters, digits and _ . : -', () => {
    check(
      IdempotencyKey,
      ['abcd1234', 'key-0f8a3b2c', 'order:42.retry_1', 'x'.repeat(128)],
      ['abcd123', 'x'.repeat(129), 'has space', 'key/slash', 'clé-accentuée', '', 12345678],
    );
  });

  it('names a product by a positive 32-bit id and a currency, and nothing else', () => {
    check(
      PurchaseBody,
      [
        { product_id: 1, currency: 'BRL' },
        { product_id: 2_147_483_647, currency: 'USD' },
      ],
      [
        { product_id: 0, currency: 'BRL' },
        { product_id: -1, currency: 'BRL' },
        { product_id: 1.5, currency: 'BRL' },
        { product_id: 2_147_483_648, currency: 'BRL' },
        { product_id: '1', currency: 'BRL' },
        { product_id: 1, currency: 'EUR' },
        { product_id: 1, currency: 'brl' },
        { product_id: 1 },
        { product_id: 1, currency: 'BRL', price: 1 },
      ],
    );
  });
});
