import { AdminProductCreate, AdminProductUpdate } from '@numero/contract/catalog';
import { describe, expect, it } from 'vitest';
import {
  type ProductEditFields,
  type ProductNewFields,
  productEditResolver,
  productNewResolver,
} from './product-form.ts';

const options = { fields: {}, shouldUseNativeValidation: false };
const edit: ProductEditFields = {
  priceBrl: '5,90',
  priceUsd: '1.50',
  stock: '12',
  active: true,
  pinned: false,
};
const fresh: ProductNewFields = {
  priceBrl: '5,90',
  priceUsd: '1.50',
  stock: '12',
  active: true,
  service: 'tg',
  country: 'cl',
};

const refused = async (values: ProductEditFields) => {
  const { errors } = await productEditResolver(values, undefined, options);
  return Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]));
};

describe('product price and stock, checked by the contract', () => {
  it('reads prices typed either way as cents, and the stock as a count', async () => {
    const result = await productEditResolver(
      { priceBrl: 'R$ 7,9', priceUsd: ' $3.10 ', stock: ' 0 ', active: false, pinned: true },
      undefined,
      options,
    );
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ priceBrl: 790, priceUsd: 310, stock: 0, active: false, pinned: true });
  });

  it('refuses, with the page message, every price and stock the API refuses', async () => {
    // Readable, but out of the contract's bounds: the API would answer 422 to each.
    for (const [field, text, body] of [
      ['priceBrl', '0', { price_brl: 0 }],
      ['priceUsd', '10000,01', { price_usd: 1_000_001 }],
      ['stock', '1000001', { stock: 1_000_001 }],
    ] as const) {
      expect(AdminProductUpdate.safeParse(body).success, text).toBe(false);
      expect(await refused({ ...edit, [field]: text })).toEqual({
        [field]: field === 'stock' ? 'edit.invalidStock' : 'edit.invalidPrice',
      });
    }
    // Not an amount at all.
    expect(await refused({ ...edit, priceBrl: '-1', priceUsd: '1.500,00', stock: '1,5' })).toEqual({
      priceBrl: 'edit.invalidPrice',
      priceUsd: 'edit.invalidPrice',
      stock: 'edit.invalidStock',
    });
    // The limits themselves pass.
    expect(await refused({ ...edit, priceBrl: '10000', priceUsd: '0,01', stock: '1000000' })).toEqual({});
  });

  it('a new product is the body the API takes, and needs a service and a country', async () => {
    const result = await productNewResolver(fresh, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      service_code: 'tg',
      country_code: 'CL',
      price_brl: 590,
      price_usd: 150,
      stock: 12,
      is_active: true,
    });
    expect(AdminProductCreate.safeParse(result.values).success).toBe(true);

    const empty = await productNewResolver({ ...fresh, service: '', country: '' }, undefined, options);
    expect(empty.errors.service?.message).toBe('new.required');
    expect(empty.errors.country?.message).toBe('new.required');
  });
});
