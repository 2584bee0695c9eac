import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.ts';
import { closedBaseUrl } from '../../providers/numbers/test-support.ts';
import { productId, settlementTransfers, topUp } from '../../test/activations-fixture.ts';
import { createTestApp, type SignedIn, signUpAndSignIn, smsAfter, TEST_ORIGIN } from '../../test/helpers.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createLedgerService } from '../ledger/ledger.service.ts';

const SMS_DELAY_MS = 400;

describe('inbound SMS webhook', async () => {
  // A real listening store on a port chosen up front, so the simulator can push to it over HTTP.
  const base = await closedBaseUrl();
  const port = new URL(base).port;
  const { app, database, config } = await createTestApp({
    env: {
      PORT: port,
      PUBLIC_URL: TEST_ORIGIN,
      SIMULATOR_PUSH: 'true',
      ...smsAfter(SMS_DELAY_MS),
    },
  });
  await app.listen({ port: Number(port), host: '127.0.0.1' });
  const token = config.numbers.inbound.token;
  const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });
  const wa = await productId(database, 'WA-BR');
  await database.db.execute(sql`UPDATE products SET stock = 100000 WHERE id = ${wa.id}`);

  async function customerWithOrder(): Promise<{ who: SignedIn; id: string; upstreamId: string }> {
    const who = await signUpAndSignIn(app);
    await topUp(database, ledger, who.user.id, 10_000);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/activations',
      headers: { origin: TEST_ORIGIN, cookie: who.cookie, 'idempotency-key': `key-${randomUUID()}` },
      payload: { product_id: wa.id, currency: 'BRL' },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    const [row] = await queryRows<{ upstream_id: string }>(
      database.db,
      sql`SELECT upstream_id FROM activations WHERE id = ${id}`,
    );
    return { who, id, upstreamId: row!.upstream_id };
  }
  const push = (body: unknown, opts: { provider?: string; secret?: string; ip?: string } = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/providers/${opts.provider ?? 'simulator'}/sms/${opts.secret ?? token}`,
      remoteAddress: opts.ip,
      headers: { 'content-type': 'application/json' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const messagesOf = (id: string) =>
    queryRows<{ code: string; delivered: boolean }>(
      database.db,
      sql`SELECT code, delivered FROM sms_messages WHERE activation_id = ${id}`,
    );
  const smsFor = (upstreamId: string, code = '424242') => ({
    activationId: upstreamId,
    service: 'wa',
    text: `Seu código do WhatsApp: ${code}`,
    code,
    country: 'BR',
    receivedAt: new Date().toISOString(),
  });

  it('the simulator pushes the SMS over HTTP at its delivery time and the order shows the code', async () => {
    const { who, id } = await customerWithOrder();
    let detail: { status: string; code: string | null } = { status: 'waiting_sms', code: null };
    for (let i = 0; i < 60 && detail.status === 'waiting_sms'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      detail = (
        await app.inject({ url: `/api/v1/activations/${id}`, headers: { cookie: who.cookie } })
      ).json();
    }
    // No poller runs here (RUN_JOBS=false): only the push can have delivered it.
    expect(detail.status).toBe('code_received');
    expect(detail.code).toMatch(/^\d+$/);
    expect(await messagesOf(id)).toHaveLength(1);
    expect((await settlementTransfers(database, id)).map((t) => t.kind)).toEqual(['purchase', 'capture']);
  });

  it('a push repeated, replayed and raced by the poller records one SMS and captures once', async () => {
    const { id, upstreamId } = await customerWithOrder();
    const sms = smsFor(upstreamId);
    const replies = await Promise.all([push(sms), push(sms), push(sms), app.scheduler.runOnce()]);
    for (const r of replies.slice(0, 3)) expect((r as { statusCode: number }).statusCode).toBe(200);
    expect((await push(sms)).statusCode).toBe(200);
    expect(await messagesOf(id)).toEqual([{ code: '424242', delivered: true }]);
    expect((await settlementTransfers(database, id)).map((t) => t.kind)).toEqual(['purchase', 'capture']);
  });

  it('refuses a wrong token, an unknown activation and a malformed body, changing nothing', async () => {
    const { who, id, upstreamId } = await customerWithOrder();
    // The simulator pushes its own code meanwhile; none of these may leave theirs behind.
    const sms = smsFor(upstreamId, '777777');
    expect((await push(sms, { secret: `${token}x` })).statusCode).toBe(404);
    expect((await push(sms, { secret: 'short' })).statusCode).toBe(404);
    // Real sellers may post only once a token was configured for them.
    expect((await push(sms, { provider: 'sms-activate' })).statusCode).toBe(404);
    const unknown = await push(smsFor('no-such-activation'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'ACTIVATION_NOT_FOUND' });
    expect((await push('{"activationId": ')).statusCode).toBeLessThan(500);
    expect((await push('{"activationId": ')).statusCode).toBeGreaterThanOrEqual(400);
    const noCode = await push({ activationId: upstreamId, text: 'hello' });
    expect(noCode.statusCode).toBeGreaterThanOrEqual(400);
    expect(noCode.statusCode).toBeLessThan(500);
    expect(noCode.json()).toHaveProperty('detail');
    expect((await messagesOf(id)).filter((m) => m.code === '777777')).toEqual([]);
    const detail = (
      await app.inject({ url: `/api/v1/activations/${id}`, headers: { cookie: who.cookie } })
    ).json();
    expect(detail.code).not.toBe('777777');
  });
});

describe('inbound SMS webhook with a token and an address allow-list', async () => {
  const { app } = await createTestApp({
    env: {
      NUMBER_WEBHOOK_TOKEN: 'a-long-enough-webhook-token-1234',
      NUMBER_WEBHOOK_ALLOW: '203.0.113.7',
    },
  });
  const post = (ip: string, secret = 'a-long-enough-webhook-token-1234') =>
    app.inject({
      method: 'POST',
      url: `/api/v1/providers/simulator/sms/${secret}`,
      remoteAddress: ip,
      payload: { activationId: 'x', text: 'code 1', code: '1' },
    });

  it('answers only the allowed address, and only with the configured token', async () => {
    expect((await post('198.51.100.1')).statusCode).toBe(403);
    expect((await post('203.0.113.7', 'a-long-enough-webhook-token-9999')).statusCode).toBe(404);
    // Allowed and with the token: the body is read, and this activation does not exist.
    expect((await post('203.0.113.7')).json()).toMatchObject({ code: 'ACTIVATION_NOT_FOUND' });
  });
});
