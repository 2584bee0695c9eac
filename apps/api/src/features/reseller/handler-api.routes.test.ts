import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.ts';
import { productId, topUp } from '../../test/activations-fixture.ts';
import { createClock, createTestApp, signUpAndSignIn, smsAfter, TEST_ORIGIN } from '../../test/helpers.ts';
import { callProtocol, createApiKey } from '../../test/reseller-fixture.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createLedgerService } from '../ledger/ledger.service.ts';
import { KEY_RATE_LIMIT } from './handler-api.routes.ts';

const SMS_DELAY_MS = 5_000;
/** "2025-03-01 12:00:00": how the protocol writes a time (UTC here). */
const protocolTime = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ');

describe('handler_api.php, the reseller protocol', async () => {
  const clock = createClock(new Date('2025-03-01T12:00:00Z'));
  const { app, database } = await createTestApp({
    now: clock.now,
    env: smsAfter(SMS_DELAY_MS),
  });
  const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });
  const wa = await productId(database, 'WA-BR');
  const tg = await productId(database, 'TG-BR');
  // The simulator has no Uber numbers in Brazil, though the catalogue shows stock for it.
  const noNumbers = await productId(database, 'UB-BR');
  await database.db.execute(sql`UPDATE products SET stock = 100000 WHERE id IN (${wa.id}, ${tg.id})`);

  /** A reseller with a key and, unless told otherwise, R$ 100,00 in the wallet. */
  async function reseller(balance = 10_000) {
    const signed = await signUpAndSignIn(app);
    if (balance > 0) await topUp(database, ledger, signed.user.id, balance);
    const key = await createApiKey(app, signed);
    const call = (action: string, params: Record<string, string> = {}, method: 'GET' | 'POST' = 'GET') =>
      callProtocol(app, { api_key: key, action, ...params }, method);
    return { ...signed, key, call, balance: () => ledger.walletBalance(signed.user.id, 'BRL') };
  }
  type Reseller = Awaited<ReturnType<typeof reseller>>;

  const buyWhatsApp = async (r: Reseller) => {
    const res = await r.call('getNumber', { service: 'wa', country: '73' });
    const [, id, phone] = res.body.split(':');
    return { res, id: id!, phone: phone! };
  };
  const smsArrives = async () => {
    clock.advance(SMS_DELAY_MS + 1_000);
    await app.scheduler.runOnce();
  };

  it('answers the balance of the wallet after a top-up, in reais for a Portuguese-speaking owner', async () => {
    const r = await reseller(12_345);
    const res = await r.call('getBalance');
    expect(res).toMatchObject({ status: 200, body: 'ACCESS_BALANCE:123.45' });
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toBe('no-store');
    // The same call as a form POST.
    expect((await r.call('getBalance', {}, 'POST')).body).toBe('ACCESS_BALANCE:123.45');
  });

  it('answers in dollars for an owner who reads the store in English', async () => {
    const r = await reseller(0);
    await app.inject({
      method: 'PATCH',
      url: '/api/v1/users/me/profile',
      headers: { origin: TEST_ORIGIN, cookie: r.cookie },
      payload: { preferred_language: 'en-US' },
    });
    await topUp(database, ledger, r.user.id, 250, 'USD');
    expect((await r.call('getBalance')).body).toBe('ACCESS_BALANCE:2.50');
    const prices = (await r.call('getPrices', { service: 'wa', country: '73' })).json();
    expect(prices['73'].wa.cost).toBe(5);
  });

  it('describes the catalogue with sms-activate ids and codes', async () => {
    const r = await reseller(0);
    const countries = (await r.call('getCountries')).json();
    expect(countries['73']).toEqual({
      id: 73,
      rus: 'Brazil',
      eng: 'Brazil',
      chn: 'Brazil',
      pt: 'Brasil',
      visible: 1,
      retry: 1,
      rent: 0,
      multiService: 0,
    });
    expect(countries['187']).toMatchObject({ id: 187, eng: 'United States' });

    const services = (await r.call('getServicesList')).json();
    expect(services.status).toBe('success');
    expect(services.services).toEqual(
      expect.arrayContaining([
        { code: 'wa', name: 'WhatsApp' },
        // sms-activate's code for Mercado Libre; ours is "ml".
        { code: 'cq', name: 'Mercado Livre' },
      ]),
    );

    const status = (await r.call('getNumbersStatus', { country: '73' })).json();
    expect(status.wa_0).toBe(100_000);
    expect(Object.keys(status).every((k) => k.endsWith('_0'))).toBe(true);

    const prices = await r.call('getPrices', { service: 'wa', country: '73' });
    expect(prices.headers['content-type']).toMatch(/^application\/json/);
    expect(prices.json()).toEqual({ '73': { wa: { cost: 5, count: 100_000 } } });
    const everywhere = (await r.call('getPrices', { service: 'wa' })).json();
    expect(Object.keys(everywhere)).toEqual(expect.arrayContaining(['73', '187', '117']));
    expect((await r.call('getPrices', { service: 'zz' })).json()).toEqual({});
  });

  it('sells a number, shows the code when it arrives, and finishes', async () => {
    const r = await reseller();
    const boughtAt = protocolTime(clock.now());
    const { res, id, phone } = await buyWhatsApp(r);
    expect(res.status).toBe(200);
    // Byte-exact, and an id the published clients' parseInt / int() read back unchanged.
    expect(res.body).toMatch(/^ACCESS_NUMBER:\d+:55\d{10,11}$/);
    expect(String(Number.parseInt(id, 10))).toBe(id);
    expect(Number(id)).toBeLessThanOrEqual(2_147_483_647);
    expect(await r.balance()).toBe(10_000 - wa.price);

    expect((await r.call('getStatus', { id })).body).toBe('STATUS_WAIT_CODE');
    expect((await r.call('setStatus', { id, status: '1' })).body).toBe('ACCESS_READY');
    const activeEntry = {
      activationId: id,
      serviceCode: 'wa',
      phoneNumber: phone,
      activationCost: '5.00',
      currency: '986',
      activationStatus: '4',
      smsCode: null,
      smsText: null,
      activationTime: boughtAt,
      countryCode: '73',
      countryName: 'Brazil',
      canGetAnotherSms: '1',
    };
    // Both keys the published clients read, with the same entries.
    expect((await r.call('getActiveActivations')).json()).toEqual({
      status: 'success',
      activeActivations: [activeEntry],
      data: [activeEntry],
    });
    // Before the SMS, getStatusV2 answers the same token as getStatus.
    expect((await r.call('getStatusV2', { id })).body).toBe('STATUS_WAIT_CODE');

    await smsArrives();
    const ok = (await r.call('getStatus', { id })).body;
    expect(ok).toMatch(/^STATUS_OK:\d{6}$/);
    const code = ok.slice('STATUS_OK:'.length);
    expect((await r.call('getActiveActivations')).json().activeActivations[0]).toMatchObject({
      smsCode: [code],
      smsText: expect.stringContaining('WhatsApp'),
    });
    expect((await r.call('getStatusV2', { id })).json()).toEqual({
      verificationType: 0,
      sms: {
        dateTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        code,
        text: expect.stringContaining('WhatsApp'),
      },
      call: null,
    });

    // Another SMS on the same number, then the finish.
    expect((await r.call('setStatus', { id, status: '3' })).body).toBe('ACCESS_RETRY_GET');
    expect((await r.call('setStatus', { id, status: '3' })).body).toBe('ACCESS_RETRY_GET');
    expect((await r.call('getStatus', { id })).body).toBe(`STATUS_WAIT_RETRY:${code}`);
    expect((await r.call('getActiveActivations')).json().activeActivations[0].activationStatus).toBe('3');
    await smsArrives();
    expect((await r.call('getStatus', { id })).body).toMatch(/^STATUS_OK:\d{6}$/);

    // A code arrived: the price is the seller's, no cancel may give it back.
    expect((await r.call('setStatus', { id, status: '8' })).body).toBe('BAD_STATUS');
    expect((await r.call('setStatus', { id, status: '6' })).body).toBe('ACCESS_ACTIVATION');
    expect((await r.call('setStatus', { id, status: '6' })).body).toBe('ACCESS_ACTIVATION');
    expect((await r.call('getStatus', { id })).body).toMatch(/^STATUS_OK:\d{6}$/);
    expect((await r.call('getActiveActivations')).json().activeActivations).toEqual([]);
    expect(await r.balance()).toBe(10_000 - wa.price);
  });

  it('cancels before the code with a refund, once', async () => {
    const r = await reseller();
    const { id } = await buyWhatsApp(r);
    expect(await r.balance()).toBe(10_000 - wa.price);
    // Finishing or resending before the code makes no sense.
    expect((await r.call('setStatus', { id, status: '6' })).body).toBe('BAD_STATUS');
    expect((await r.call('setStatus', { id, status: '3' })).body).toBe('BAD_STATUS');
    expect((await r.call('setStatus', { id, status: '9' })).body).toBe('BAD_STATUS');

    expect((await r.call('setStatus', { id, status: '8' })).body).toBe('ACCESS_CANCEL');
    expect(await r.balance()).toBe(10_000);
    expect((await r.call('getStatus', { id })).body).toBe('STATUS_CANCEL');
    // A retried cancel (the first answer was lost) refunds nothing twice.
    expect((await r.call('setStatus', { id, status: '8' })).body).toBe('ACCESS_CANCEL');
    expect(await r.balance()).toBe(10_000);
    expect((await r.call('setStatus', { id, status: '1' })).body).toBe('BAD_STATUS');

    // The SMS that comes after the cancel is not the reseller's.
    await smsArrives();
    expect((await r.call('getStatus', { id })).body).toBe('STATUS_CANCEL');
    expect(await r.balance()).toBe(10_000);
  });

  it('refuses what cannot be sold: no money, unknown service, no numbers, a price above maxPrice', async () => {
    const poor = await reseller(0);
    expect((await buyWhatsApp(poor)).res.body).toBe('NO_BALANCE');

    const r = await reseller();
    expect((await r.call('getNumber', { service: 'zz', country: '73' })).body).toBe('BAD_SERVICE');
    expect((await r.call('getNumber', { country: '73' })).body).toBe('BAD_SERVICE');
    expect((await r.call('getNumber', { service: 'wa', country: '999' })).body).toBe('NO_NUMBERS');
    // Russia is a country of the protocol, not of this store.
    expect((await r.call('getNumber', { service: 'wa', country: '0' })).body).toBe('NO_NUMBERS');
    expect((await r.call('getNumber', { service: 'ub', country: '73' })).body).toBe('NO_NUMBERS');
    expect(noNumbers.price).toBeGreaterThan(0);

    const tooCheap = await r.call('getNumber', { service: 'wa', country: '73', maxPrice: '4.99' });
    expect(tooCheap.body).toBe('WRONG_MAX_PRICE:5.00');
    expect((await r.call('getNumber', { service: 'wa', country: '73', maxPrice: 'abc' })).body).toBe(
      'WRONG_MAX_PRICE:5.00',
    );
    expect(await r.balance()).toBe(10_000);

    const enough = await r.call('getNumber', { service: 'wa', country: '73', maxPrice: '5' });
    expect(enough.body).toMatch(/^ACCESS_NUMBER:/);
    // No country: the store's home, Brazil.
    expect((await r.call('getNumber', { service: 'tg' })).body).toMatch(/^ACCESS_NUMBER:/);
    expect(await r.balance()).toBe(10_000 - wa.price - tg.price);

    expect((await r.call('doSomething')).body).toBe('BAD_ACTION');
    expect((await callProtocol(app, { api_key: r.key })).body).toBe('BAD_ACTION');
  });

  it('getNumberV2 buys once per orderId, however often it is sent', async () => {
    const r = await reseller();
    const orderId = `order-${randomUUID()}`;
    const boughtAt = protocolTime(clock.now());
    const first = await r.call('getNumberV2', { service: 'wa', country: '73', orderId });
    expect(first.status).toBe(200);
    const bought = first.json();
    expect(bought).toEqual({
      activationId: expect.any(Number),
      phoneNumber: expect.stringMatching(/^55\d{10,11}$/),
      activationCost: 5,
      currency: 986,
      countryCode: '73',
      countryPhoneCode: '55',
      canGetAnotherSms: '1',
      activationTime: boughtAt,
      activationEndTime: protocolTime(new Date(clock.now().getTime() + 20 * 60_000)),
      activationOperator: 'any',
    });
    expect(Number.isInteger(bought.activationId) && bought.activationId <= 2_147_483_647).toBe(true);
    const again = await r.call('getNumberV2', { service: 'wa', country: '73', orderId }, 'POST');
    expect(again.json()).toEqual(bought);
    expect(await r.balance()).toBe(10_000 - wa.price);
    const [{ n }] = (await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM activations WHERE user_id = ${r.user.id}`,
    )) as [{ n: number }];
    expect(n).toBe(1);

    // The same orderId for something else is another order, not a retry.
    expect((await r.call('getNumberV2', { service: 'tg', country: '73', orderId })).json()).toMatchObject({
      title: 'ORDER_ALREADY_EXISTS',
    });
    expect(
      (await r.call('getNumberV2', { service: 'wa', country: '73', orderId: 'bad id!' })).json(),
    ).toMatchObject({ title: 'BAD_ACTION' });
    // Without an orderId every call is a new purchase.
    expect((await r.call('getNumberV2', { service: 'wa', country: '73' })).json().activationId).not.toBe(
      bought.activationId,
    );
    expect(await r.balance()).toBe(10_000 - 2 * wa.price);

    // Someone else's orderId is theirs alone: the same value buys this reseller a number of its own.
    const other = await reseller();
    const theirs = (await other.call('getNumberV2', { service: 'wa', country: '73', orderId })).json();
    expect(theirs.activationId).not.toBe(bought.activationId);
  });

  it('answers NO_ACTIVATION for someone else’s activation, and leaves it alone', async () => {
    const owner = await reseller();
    const intruder = await reseller();
    const { id } = await buyWhatsApp(owner);
    expect((await intruder.call('getStatus', { id })).body).toBe('NO_ACTIVATION');
    expect((await intruder.call('setStatus', { id, status: '8' })).body).toBe('NO_ACTIVATION');
    expect((await intruder.call('setStatus', { id, status: '6' })).body).toBe('NO_ACTIVATION');
    expect((await intruder.call('getActiveActivations')).json().activeActivations).toEqual([]);
    expect((await intruder.call('getStatus', { id: 'not-an-id' })).body).toBe('NO_ACTIVATION');
    expect((await intruder.call('getStatus')).body).toBe('NO_ACTIVATION');
    expect((await owner.call('getStatus', { id })).body).toBe('STATUS_WAIT_CODE');
    expect(await owner.balance()).toBe(10_000 - wa.price);
  });

  it('gives the money back at once when upstream has no number', async () => {
    const r = await reseller();
    // In stock in the catalogue, but the simulator has none.
    await database.db.execute(sql`UPDATE products SET stock = 10 WHERE id = ${noNumbers.id}`);
    expect((await r.call('getNumber', { service: 'ub', country: '73' })).body).toBe('NO_NUMBERS');
    expect(await r.balance()).toBe(10_000);
  });

  it('limits each key to its share of requests per second', async () => {
    const r = await reseller(0);
    for (let i = 0; i < KEY_RATE_LIMIT.limit; i++) expect((await r.call('getBalance')).status).toBe(200);
    const limited = await r.call('getBalance');
    expect(limited).toMatchObject({ status: 429, body: 'TOO_MANY_REQUESTS' });
    expect(limited.headers['retry-after']).toBe('1');
    // Another key of another user is not affected; the next second this one works again.
    expect((await (await reseller(0)).call('getBalance')).status).toBe(200);
    clock.advance(KEY_RATE_LIMIT.windowMs);
    expect((await r.call('getBalance')).status).toBe(200);
  });

  it('answers other methods with 405 and never buys on HEAD', async () => {
    const r = await reseller();
    const head = await app.inject({
      method: 'HEAD',
      url: `/stubs/handler_api.php?api_key=${r.key}&action=getNumber&service=wa&country=73`,
    });
    expect(head.statusCode).toBe(405);
    expect(await r.balance()).toBe(10_000);
  });
});
