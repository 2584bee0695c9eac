import type { ActivationDetail } from '@numero/contract/activations';
import type { ProductOffer } from '@numero/contract/catalog';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import type { KeyHolder } from '../account/api-keys.service.ts';
import { createHandlerApi, type HandlerApiDeps } from './handler-api.service.ts';
import { activationIdParam, decimal, parseMaxPrice, statusToken } from './protocol-format.ts';

const holder: KeyHolder = { keyId: 'k', userId: 'u', currency: 'BRL' };
const ID = '100001';

const activation = (over: Partial<ActivationDetail> = {}) =>
  ({
    id: '00000000-0000-4000-8000-000000000001',
    public_id: Number(ID),
    status: 'waiting_sms',
    settled: null,
    code: null,
    awaiting_sms: true,
    ...over,
  }) as ActivationDetail;

/** The protocol over stand-ins whose refusals the test chooses: the mapping of every refusal to a token. */
function protocolWith(overrides: Partial<HandlerApiDeps['activations']>) {
  const fail = (code: string, status = 409, headers: Record<string, string> = {}) => {
    throw new AppError(code, status, {}, headers);
  };
  const deps: HandlerApiDeps = {
    activations: {
      purchase: async () => fail('NOT_STUBBED'),
      getByPublicId: async () => activation(),
      list: async () => ({ items: [], total: 0, skip: 0, limit: 100 }),
      cancel: async () => fail('NOT_STUBBED'),
      resend: async () => fail('NOT_STUBBED'),
      finish: async () => fail('NOT_STUBBED'),
      quoteReuse: async () => fail('NOT_STUBBED'),
      reuse: async () => fail('NOT_STUBBED'),
      purchaseMulti: async () => fail('NOT_STUBBED'),
      ...overrides,
    },
    catalog: {
      listServices: async () => [],
      listProducts: async () => [
        { id: 1, price: 500, stock: 9, country_code: 'BR', dial_code: '+55' } as ProductOffer,
      ],
      // The protocol learns which service a purchase names from the shelf's services.
      shelfOf: async () =>
        ({
          shelf: { services: [{ code: 'wa', name: 'WhatsApp', categoryActive: true }] },
        }) as unknown as Awaited<ReturnType<HandlerApiDeps['catalog']['shelfOf']>>,
      listCountries: async () => [],
    },
    ledger: { walletBalance: async () => 0 },
    webhooks: { rememberKey: async () => {} },
    now: () => new Date('2025-03-01T12:00:00Z'),
  };
  const api = createHandlerApi(deps);
  return (action: string, params: Record<string, string> = {}) => api.run(holder, action, params);
}

describe('handler_api.php refusals', () => {
  it('maps upstream’s early-cancel refusal and a busy upstream to the protocol’s tokens', async () => {
    const early = protocolWith({
      cancel: async () => Promise.reject(new AppError('EARLY_CANCEL_DENIED', 409)),
    });
    expect(await early('setStatus', { id: ID, status: '8' })).toEqual({ text: 'EARLY_CANCEL_DENIED' });
    const busy = protocolWith({ cancel: async () => Promise.reject(new AppError('UPSTREAM_RETRY', 503)) });
    expect(await busy('setStatus', { id: ID, status: '8' })).toEqual({ text: 'ERROR_SQL' });
    const pending = protocolWith({
      getByPublicId: async () => activation({ status: 'pending' }),
      cancel: async () => Promise.reject(new AppError('ACTIVATION_PENDING', 409)),
    });
    expect(await pending('setStatus', { id: ID, status: '8' })).toEqual({ text: 'BAD_STATUS' });
  });

  it('answers a purchase refused by the per-user limit with 429 and its Retry-After', async () => {
    const limited = protocolWith({
      purchase: async () =>
        Promise.reject(new AppError('PURCHASE_RATE_LIMITED', 429, {}, { 'retry-after': '42' })),
    });
    expect(await limited('getNumber', { service: 'wa', country: '73' })).toEqual({
      text: 'TOO_MANY_REQUESTS',
      status: 429,
      headers: { 'retry-after': '42' },
    });
    const down = protocolWith({
      purchase: async () => Promise.reject(new AppError('UPSTREAM_UNAVAILABLE', 503)),
    });
    expect(await down('getNumber', { service: 'wa', country: '73' })).toEqual({ text: 'NO_NUMBERS' });
  });

  it('lets unexpected failures through to the route (which answers ERROR_SQL)', async () => {
    const broken = protocolWith({
      getByPublicId: async () => Promise.reject(new Error('connection lost')),
    });
    await expect(broken('getStatus', { id: ID })).rejects.toThrow('connection lost');
  });
});

describe('protocol values', () => {
  it('writes cents as the protocol’s decimals', () => {
    expect(decimal(0)).toBe('0.00');
    expect(decimal(5)).toBe('0.05');
    expect(decimal(12_345)).toBe('123.45');
    expect(decimal(-250)).toBe('-2.50');
  });

  it('reads maxPrice as cents, rounding down, and refuses what is not money', () => {
    expect(parseMaxPrice('5')).toBe(500);
    expect(parseMaxPrice('5.5')).toBe(550);
    expect(parseMaxPrice(' 5.00 ')).toBe(500);
    expect(parseMaxPrice('5.009')).toBe(500);
    for (const bad of ['', 'abc', '-1', '1e3', '5,00', '.5']) expect(parseMaxPrice(bad)).toBeNull();
  });

  it('reads an activation id as a positive 32-bit integer, as the published clients write it', () => {
    expect(activationIdParam('100001')).toBe(100_001);
    expect(activationIdParam('2147483647')).toBe(2_147_483_647);
    for (const bad of [
      undefined,
      '',
      '0',
      '-1',
      '2147483648',
      '1.5',
      ' 12',
      'abc',
      '00000000-0000-4000-8000-000000000001',
    ])
      expect(activationIdParam(bad)).toBeNull();
  });

  it('names each state the way getStatus does', () => {
    expect(statusToken({ status: 'pending', code: null, awaiting_sms: true })).toBe('STATUS_WAIT_CODE');
    expect(statusToken({ status: 'waiting_sms', code: null, awaiting_sms: true })).toBe('STATUS_WAIT_CODE');
    expect(statusToken({ status: 'code_received', code: '123', awaiting_sms: false })).toBe('STATUS_OK:123');
    expect(statusToken({ status: 'code_received', code: '123', awaiting_sms: true })).toBe(
      'STATUS_WAIT_RETRY:123',
    );
    expect(statusToken({ status: 'finished', code: '123', awaiting_sms: false })).toBe('STATUS_OK:123');
    for (const status of ['cancelled', 'expired', 'failed'] as const)
      expect(statusToken({ status, code: null, awaiting_sms: false })).toBe('STATUS_CANCEL');
  });
});
