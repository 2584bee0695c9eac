import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { callStore, freePort, openCustomer, StoreProcess, signInTo, storeEnv } from '../test/processes.ts';
import { ADMIN, createSeededTestDatabase } from '../test/test-database.ts';

/**
 * The public demo as the outside probe ran it: two API processes of one store on PostgreSQL, in
 * production with DEMO_MODE=true. Nobody reads another's reset link in the demo outbox, and the budget
 * of wrong second-factor codes is one for the store, whichever process a guess reaches.
 */
const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)('a public demo on two processes (PostgreSQL)', () => {
  let database: Database & { url?: string };
  let a: StoreProcess;
  let b: StoreProcess;

  beforeAll(async () => {
    database = await createSeededTestDatabase();
    const [portA, portB] = [await freePort(), await freePort()];
    const env = {
      ...storeEnv(database.url!, `http://127.0.0.1:${portA}`),
      NODE_ENV: 'production',
      DEMO_MODE: 'true',
      RUN_JOBS: 'false',
    };
    a = new StoreProcess('server.ts', env, portA);
    b = new StoreProcess('server.ts', env, portB);
    await Promise.all([a.start(), b.start()]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
  }, 60_000);

  it('shows the outbox to no anonymous visitor, and each customer only their own mail', async () => {
    const admin = await signInTo(a, ADMIN.email, ADMIN.password);
    const alice = await openCustomer(a, admin, 100);
    const bob = await openCustomer(b, admin, 100);
    const aliceEmail = alice.email;
    const forgot = await callStore(b, 'POST', '/api/v1/auth/password/forgot', {
      body: { email: aliceEmail },
    });
    expect(forgot.status).toBe(202);

    for (const p of [a, b]) {
      const anonymous = await callStore(p, 'GET', '/api/v1/demo/outbox');
      expect(anonymous.status).toBe(401);
      expect(JSON.stringify(anonymous.body)).not.toContain('#token=');
    }
    type Item = { to: string; text: string };
    const itemsOf = async (p: StoreProcess, cookie: string) =>
      (await callStore(p, 'GET', '/api/v1/demo/outbox', { cookie })).body.items as Item[];
    const alices = await itemsOf(b, alice.cookie);
    expect(alices.map((m) => m.to)).toContain(aliceEmail);
    expect(alices.every((m) => m.to === aliceEmail)).toBe(true);
    expect(alices.some((m) => /\/reset-password#token=[\w-]{20,}/.test(m.text))).toBe(true);
    const bobs = await itemsOf(a, bob.cookie);
    expect(bobs.every((m) => m.to !== aliceEmail)).toBe(true);
  }, 60_000);

  it('counts wrong second-factor codes once for both processes: the 6th gets 429', async () => {
    const admin = await signInTo(a, ADMIN.email, ADMIN.password);
    const customer = await openCustomer(a, admin, 100);
    const setup = await callStore(a, 'POST', '/api/v1/auth/2fa/setup', { cookie: customer.cookie, body: {} });
    const secret = setup.body.secret as string;
    const enable = await callStore(b, 'POST', '/api/v1/auth/2fa/enable', {
      cookie: customer.cookie,
      body: { code: await generate({ secret }) },
    });
    expect(enable.status).toBe(200);

    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await callStore(i % 2 ? a : b, 'POST', '/api/v1/auth/2fa/disable', {
        cookie: customer.cookie,
        body: { code: String(100000 + i) },
      });
      answers.push(`${res.status} ${res.body.code}`);
    }
    expect(answers).toEqual(Array(5).fill('400 TOTP_INVALID'));
    // Even the right code, on either process, waits out the window now.
    for (const p of [a, b]) {
      const sixth = await callStore(p, 'POST', '/api/v1/auth/2fa/disable', {
        cookie: customer.cookie,
        body: { code: await generate({ secret }) },
      });
      expect(sixth.status).toBe(429);
    }
  }, 60_000);
});
