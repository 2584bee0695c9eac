import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
// The sms-activate client that bots published on npm use, as its users install it: only its base URL
// changes (it is written for sms-activate's own host).
import SMSActivate from 'sms-activate';
import { describe, expect, it } from 'vitest';
import { productId, topUp } from '../../test/activations-fixture.ts';
import { createClock, createTestApp, signUpAndSignIn, smsAfter } from '../../test/helpers.ts';
import { createApiKey } from '../../test/reseller-fixture.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createLedgerService } from '../ledger/ledger.service.ts';

const SMS_DELAY_MS = 5_000;

interface PublishedClient {
  session: { defaults: { baseURL: string } };
  getBalance(): Promise<number | null>;
  getNumber(service: string, country?: number): Promise<{ id: number; number: number } | null>;
  getStatus(id: number): Promise<string>;
  getCode(id: number): Promise<string | null>;
  setStatus(id: number, status: number): Promise<string>;
}

describe('the published npm client "sms-activate" against the store, base URL changed only', async () => {
  const clock = createClock(new Date('2025-03-01T12:00:00Z'));
  const { app, database } = await createTestApp({
    now: clock.now,
    env: smsAfter(SMS_DELAY_MS),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });
  const wa = await productId(database, 'WA-BR');
  await database.db.execute(sql`UPDATE products SET stock = 100000 WHERE id = ${wa.id}`);

  const owner = await signUpAndSignIn(app);
  await topUp(database, ledger, owner.user.id, 10_000);
  const client = new SMSActivate(await createApiKey(app, owner, 'published client')) as PublishedClient;
  client.session.defaults.baseURL = `http://127.0.0.1:${port}/stubs/handler_api.php`;
  const balance = () => ledger.walletBalance(owner.user.id, 'BRL');

  it('reads the balance, buys a number, follows its status to the code and finishes', async () => {
    // The client reads the balance with parseInt: R$ 100,00 is 100.
    expect(await client.getBalance()).toBe(100);
    const bought = await client.getNumber('wa', 73);
    expect(bought).not.toBeNull();
    expect(Number.isInteger(bought!.id)).toBe(true);
    expect(String(bought!.number)).toMatch(/^55\d{10,11}$/);
    expect(await balance()).toBe(10_000 - wa.price);

    expect(await client.getStatus(bought!.id)).toBe('STATUS_WAIT_CODE');
    expect(await client.getCode(bought!.id)).toBeNull();
    clock.advance(SMS_DELAY_MS + 1_000);
    await app.scheduler.runOnce();
    expect(await client.getStatus(bought!.id)).toBe('STATUS_OK');
    expect(await client.getCode(bought!.id)).toMatch(/^\d{6}$/);
    expect(await client.setStatus(bought!.id, 6)).toBe('ACCESS_ACTIVATION');
    expect(await balance()).toBe(10_000 - wa.price);
  });

  it('cancels a number before its code, and the price comes back', async () => {
    const before = await balance();
    const bought = await client.getNumber('wa', 73);
    expect(await balance()).toBe(before - wa.price);
    expect(await client.setStatus(bought!.id, 8)).toBe('ACCESS_CANCEL');
    expect(await balance()).toBe(before);
    expect(await client.getStatus(bought!.id)).toBe('STATUS_CANCEL');
  });

  it('reports the refusals the client knows as its own errors', async () => {
    // An id that is not this key's activation: the client's "Invalid activation id".
    await expect(client.getStatus(2_147_483_000)).rejects.toThrow('Invalid activation id');
    const broke = new SMSActivate('nk_not-a-key-at-all-000000000000000000000000') as PublishedClient;
    broke.session.defaults.baseURL = client.session.defaults.baseURL;
    await expect(broke.getBalance()).rejects.toThrow('Invalid API Key');
  });

  it('leaves the books balanced', async () => {
    expect(await ledger.verify()).toEqual([]);
  });
});
