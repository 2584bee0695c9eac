import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../providers/numbers/number-provider.ts';
import { createSmsActivateProvider } from '../../providers/numbers/sms-activate.ts';
import { productId, topUp } from '../../test/activations-fixture.ts';
import { createClock, createTestApp, signUpAndSignIn, smsAfter } from '../../test/helpers.ts';
import { createApiKey } from '../../test/reseller-fixture.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createLedgerService } from '../ledger/ledger.service.ts';

const SMS_DELAY_MS = 5_000;

/**
 * The store's handler_api.php spoken to by the store's own sms-activate client, over real HTTP: if our
 * client (written against sms-activate) can buy from us, so can the bots written for sms-activate.
 */
describe('handler_api.php with our own sms-activate client', async () => {
  const logLines: string[] = [];
  const logs = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const clock = createClock(new Date('2025-03-01T12:00:00Z'));
  const { app, database } = await createTestApp({
    now: clock.now,
    logger: { level: 'info', stream: logs },
    env: smsAfter(SMS_DELAY_MS),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });
  const wa = await productId(database, 'WA-BR');
  const ml = await productId(database, 'ML-BR');
  await database.db.execute(sql`UPDATE products SET stock = 100000 WHERE id = ${wa.id}`);
  await database.db.execute(sql`UPDATE products SET stock = 321 WHERE id = ${ml.id}`);

  const owner = await signUpAndSignIn(app);
  await topUp(database, ledger, owner.user.id, 10_000);
  const key = await createApiKey(app, owner, 'our own client');
  const client = createSmsActivateProvider({ baseUrl, apiKey: key, timeoutMs: 5_000, name: 'numero' });
  const balance = () => ledger.walletBalance(owner.user.id, 'BRL');

  const smsArrives = async () => {
    clock.advance(SMS_DELAY_MS + 1_000);
    await app.scheduler.runOnce();
  };

  it('reads the balance and the stock, with our service codes mapped to sms-activate’s', async () => {
    expect(await client.getBalance()).toBe(100);
    expect(await client.getStock('wa', 'BR')).toBe(100_000);
    // Ours is "ml"; the client asks for sms-activate's "cq", and the store maps it back.
    expect(await client.getStock('ml', 'BR')).toBe(321);
    expect(await client.getStock('wa', 'RU')).toBe(0);
  });

  it('buys a number idempotently, receives the code, asks for another SMS and finishes', async () => {
    const orderId = randomUUID();
    const assigned = await client.requestNumber({ service: 'wa', country: 'BR', orderId });
    expect(assigned.phoneNumber).toMatch(/^55\d{10,11}$/);
    // A retry of the same order (a lost answer) gets the same number and costs nothing more.
    expect(await client.requestNumber({ service: 'wa', country: 'BR', orderId })).toEqual(assigned);
    expect(await balance()).toBe(10_000 - wa.price);

    await client.markReady(assigned.upstreamId);
    expect(await client.getStatus(assigned.upstreamId)).toEqual({ state: 'waiting' });
    await smsArrives();
    const first = await client.getStatus(assigned.upstreamId);
    expect(first).toMatchObject({ state: 'code', code: expect.stringMatching(/^\d{6}$/) });

    await client.requestAnotherSms(assigned.upstreamId);
    expect(await client.getStatus(assigned.upstreamId)).toEqual({ state: 'waiting' });
    await smsArrives();
    expect(await client.getStatus(assigned.upstreamId)).toMatchObject({ state: 'code' });

    await client.finish(assigned.upstreamId);
    expect(await balance()).toBe(10_000 - wa.price);
  });

  it('cancels before the code and gets the money back', async () => {
    const before = await balance();
    const assigned = await client.requestNumber({ service: 'wa', country: 'BR', orderId: randomUUID() });
    expect(await balance()).toBe(before - wa.price);
    await client.cancel(assigned.upstreamId);
    expect(await balance()).toBe(before);
    expect(await client.getStatus(assigned.upstreamId)).toEqual({ state: 'cancelled' });
  });

  it('understands the store’s refusals', async () => {
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (err: unknown) => (err instanceof UpstreamError ? err.code : String(err)),
      );
    // getNumberV2 refuses in HeroSMS' JSON ({"title": "BAD_SERVICE", …}), which the client reads.
    expect(await refusal(client.requestNumber({ service: 'zz', country: 'BR', orderId: randomUUID() }))).toBe(
      'BAD_SERVICE',
    );
    expect(await refusal(client.getStatus(randomUUID()))).toBe('NOT_FOUND');
    const stranger = createSmsActivateProvider({ baseUrl, apiKey: `nk_${'x'.repeat(43)}`, timeoutMs: 5_000 });
    expect(await refusal(stranger.getBalance())).toBe('BAD_KEY');
  });

  it('never writes an API key to the log', async () => {
    // Spellings a bot might use for the parameter name: no query string reaches the log at all.
    await app.inject({ url: `/stubs/handler_api.php?API_KEY=${key}&api%5Fkey=${key}&action=getBalance` });
    await app.inject({ method: 'HEAD', url: `/stubs/handler_api.php?api_key=${key}` });
    const text = logLines.join('');
    expect(text).toContain('"url":"/stubs/handler_api.php"');
    expect(text).not.toContain('/stubs/handler_api.php?');
    expect(text).not.toContain(key);
    expect(text).not.toContain(key.slice(3));
  });
});
