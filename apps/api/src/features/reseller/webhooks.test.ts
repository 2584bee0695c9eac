import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_EVENT_ID_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@numero/contract/reseller';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createEventBus } from '../../db/event-bus.ts';
import { queryRows } from '../../db/sql.ts';
import { TEST_ORIGIN } from '../../test/helpers.ts';
import { type ConformanceBed, conformanceBed, type Reseller } from '../../test/reseller-conformance.ts';
import { WEBHOOKS_DUE_CHANNEL } from './reseller.module.ts';
import { RETRY_DELAYS_MS } from './webhooks.service.ts';

/** A customer's receiver on loopback: records every POST and answers what the test says. */
async function receiver() {
  const seen: { headers: IncomingHttpHeaders; body: string }[] = [];
  let answers: number[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ headers: req.headers, body });
      res.statusCode = answers.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/numero-hook`,
    seen,
    failNext(...statuses: number[]) {
      answers = statuses;
    },
  };
}

/** What a receiver does: recompute the HMAC of "<t>.<raw body>" and compare in constant time. */
function verify(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return Boolean(parts.v1) && timingSafeEqual(Buffer.from(expected), Buffer.from(parts.v1!));
}

async function setWebhook(bed: Pick<ConformanceBed, 'app'>, r: Reseller, url: string) {
  const keys = await bed.app.inject({ url: '/api/v1/api-keys', headers: { cookie: r.cookie } });
  const id = keys.json().items[0].id as string;
  const res = await bed.app.inject({
    method: 'PATCH',
    url: `/api/v1/api-keys/${id}`,
    headers: { origin: TEST_ORIGIN, cookie: r.cookie },
    payload: { webhook_url: url },
  });
  return { id, res };
}

describe('webhooks to resellers when an SMS arrives', async () => {
  const bed = await conformanceBed();
  const hook = await receiver();
  const deliveries = async (r: Reseller, keyId: string) =>
    (
      await bed.app.inject({
        url: `/api/v1/api-keys/${keyId}/webhook-deliveries`,
        headers: { cookie: r.cookie },
      })
    ).json();

  it('POSTs the SMS, signed with the key’s secret, to a receiver that verifies it', async () => {
    const r = await bed.reseller();
    const { id: keyId, res } = await setWebhook(bed, r, hook.url);
    const secret = res.json().webhook_secret as string;
    const bought = await r.call('getNumber', { service: 'wa', country: '73' });
    const activationId = Number(bought.body.split(':')[1]);
    await bed.smsArrives();
    const code = (await r.call('getStatus', { id: String(activationId) })).body.split(':')[1];

    expect(hook.seen).toHaveLength(1);
    const [sent] = hook.seen;
    expect(sent!.headers['content-type']).toBe('application/json');
    expect(verify(secret, String(sent!.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]), sent!.body)).toBe(
      true,
    );
    expect(
      verify('whsec_wrong', String(sent!.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]), sent!.body),
    ).toBe(false);
    const header = String(sent!.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]);
    expect(header).toMatch(new RegExp(`^t=${Math.floor(bed.clock.now().getTime() / 1000)},v1=[0-9a-f]{64}$`));
    expect(JSON.parse(sent!.body)).toEqual({
      activationId,
      service: 'wa',
      text: expect.stringContaining('WhatsApp'),
      code,
      country: 73,
      receivedAt: bed.clock.now().toISOString(),
    });
    const log = await deliveries(r, keyId);
    expect(log.items).toEqual([
      expect.objectContaining({
        id: sent!.headers[WEBHOOK_EVENT_ID_HEADER.toLowerCase()],
        activation_id: activationId,
        status: 'delivered',
        attempts: 1,
        last_status_code: 200,
        next_attempt_at: null,
      }),
    ]);
    // Nothing more to send.
    await bed.app.scheduler.runOnce();
    expect(hook.seen).toHaveLength(1);

    // Another SMS on the same number is another event.
    expect((await r.call('setStatus', { id: String(activationId), status: '3' })).body).toBe(
      'ACCESS_RETRY_GET',
    );
    await bed.smsArrives();
    expect(hook.seen).toHaveLength(2);
    const eventIds = hook.seen.map((s) => s.headers[WEBHOOK_EVENT_ID_HEADER.toLowerCase()]);
    expect(eventIds[1]).not.toBe(eventIds[0]);
    expect(JSON.parse(hook.seen[1]!.body).activationId).toBe(activationId);
  });

  it('retries a receiver that fails three times, and delivers once more, not twice', async () => {
    hook.seen.length = 0;
    const r = await bed.reseller();
    const { id: keyId } = await setWebhook(bed, r, hook.url);
    hook.failNext(500, 503, 502);
    await r.call('getNumber', { service: 'wa', country: '73' });
    await bed.smsArrives();
    expect(hook.seen).toHaveLength(1);
    let log = (await deliveries(r, keyId)).items[0];
    expect(log).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_status_code: 500,
      last_error: 'HTTP 500',
    });

    // Not before its time.
    await bed.app.scheduler.runOnce();
    expect(hook.seen).toHaveLength(1);
    for (const delay of RETRY_DELAYS_MS.slice(0, 3)) {
      bed.clock.advance(delay);
      await bed.app.scheduler.runOnce();
    }
    expect(hook.seen).toHaveLength(4);
    const ids = new Set(hook.seen.map((s) => s.headers[WEBHOOK_EVENT_ID_HEADER.toLowerCase()]));
    expect(ids.size).toBe(1);
    expect(new Set(hook.seen.map((s) => s.body)).size).toBe(1);
    log = (await deliveries(r, keyId)).items[0];
    expect(log).toMatchObject({ status: 'delivered', attempts: 4, last_status_code: 200, last_error: null });

    bed.clock.advance(2 * 3_600_000);
    await bed.app.scheduler.runOnce();
    expect(hook.seen).toHaveLength(4);
  });

  it('keeps retrying for more than an hour, then gives up and says so in the log', async () => {
    expect(RETRY_DELAYS_MS.reduce((a, b) => a + b, 0)).toBeGreaterThan(3_600_000);
    hook.seen.length = 0;
    const r = await bed.reseller();
    const { id: keyId } = await setWebhook(bed, r, hook.url);
    hook.failNext(...Array(RETRY_DELAYS_MS.length + 1).fill(500));
    await r.call('getNumber', { service: 'wa', country: '73' });
    await bed.smsArrives();
    for (const delay of RETRY_DELAYS_MS) {
      bed.clock.advance(delay);
      await bed.app.scheduler.runOnce();
    }
    expect(hook.seen).toHaveLength(RETRY_DELAYS_MS.length + 1);
    // Hours went by: the owner's session is gone, so the log is read from its table.
    const [row] = await queryRows<{ status: string; attempts: number }>(
      bed.database.db,
      sql`SELECT status, attempts FROM webhook_deliveries WHERE api_key_id = ${keyId}`,
    );
    expect(row).toEqual({ status: 'failed', attempts: RETRY_DELAYS_MS.length + 1 });
    hook.failNext();
  });

  it('gives up at once on the events of a key revoked before they went out', async () => {
    hook.seen.length = 0;
    const r = await bed.reseller();
    const { id: keyId } = await setWebhook(bed, r, hook.url);
    hook.failNext(500);
    await r.call('getNumber', { service: 'wa', country: '73' });
    await bed.smsArrives();
    expect(hook.seen).toHaveLength(1);
    const revoked = await bed.app.inject({
      method: 'DELETE',
      url: `/api/v1/api-keys/${keyId}`,
      headers: { origin: TEST_ORIGIN, cookie: r.cookie },
    });
    expect(revoked.statusCode).toBe(204);
    bed.clock.advance(RETRY_DELAYS_MS[0]!);
    await bed.app.scheduler.runOnce();
    expect(hook.seen).toHaveLength(1);
    const [row] = await queryRows<{ status: string; last_error: string }>(
      bed.database.db,
      sql`SELECT status, last_error FROM webhook_deliveries WHERE api_key_id = ${keyId}`,
    );
    expect(row).toEqual({ status: 'failed', last_error: 'no webhook on the key' });
  });

  it('sends nothing for a key without a webhook, and shows the log only to the key’s owner', async () => {
    hook.seen.length = 0;
    const r = await bed.reseller();
    await r.call('getNumber', { service: 'wa', country: '73' });
    await bed.smsArrives();
    expect(hook.seen).toHaveLength(0);
    const keys = await bed.app.inject({ url: '/api/v1/api-keys', headers: { cookie: r.cookie } });
    const keyId = keys.json().items[0].id;
    const stranger = await bed.reseller(0);
    const theirs = await bed.app.inject({
      url: `/api/v1/api-keys/${keyId}/webhook-deliveries`,
      headers: { cookie: stranger.cookie },
    });
    expect(theirs.statusCode).toBe(404);
    expect((await bed.app.inject({ url: `/api/v1/api-keys/${keyId}/webhook-deliveries` })).statusCode).toBe(
      401,
    );
    const bad = await bed.app.inject({
      url: `/api/v1/api-keys/${keyId}/webhook-deliveries?limit=5000`,
      headers: { cookie: r.cookie },
    });
    expect(bad.statusCode).toBe(422);
    expect((await deliveries(r, keyId)).items).toEqual([]);
  });

  it('delivers every event due in one run, more than a batch of them', async () => {
    hook.seen.length = 0;
    const r = await bed.reseller();
    const { id: keyId } = await setWebhook(bed, r, hook.url);
    await r.call('getNumber', { service: 'wa', country: '73' });
    await bed.smsArrives();
    expect(hook.seen).toHaveLength(1);
    // A receiver back after an outage: 119 more events of this key are due at once.
    const at = bed.clock.now().toISOString();
    await bed.database.db.execute(
      sql`INSERT INTO webhook_deliveries
            (api_key_id, activation_id, sms_attempt, payload, next_attempt_at, created_at)
          SELECT d.api_key_id, d.activation_id, 1000 + g, d.payload, ${at}::timestamptz, ${at}::timestamptz
          FROM webhook_deliveries d, generate_series(1, 119) g
          WHERE d.id = ${(await deliveries(r, keyId)).items[0].id}::uuid`,
    );
    await bed.app.scheduler.runOnce();
    expect(hook.seen).toHaveLength(120);
    expect(new Set(hook.seen.map((s) => s.headers[WEBHOOK_EVENT_ID_HEADER.toLowerCase()])).size).toBe(120);
    const log = await deliveries(r, keyId);
    expect(log.total).toBe(120);
    expect(log.items.every((d: { status: string }) => d.status === 'delivered')).toBe(true);
  });

  it('announces a new webhook at the commit of its SMS, so a process delivers it without waiting for its tick', async () => {
    const bus = createEventBus(bed.database);
    const heard: string[] = [];
    const unsubscribe = await bus.subscribe(WEBHOOKS_DUE_CHANNEL, (payload) => heard.push(payload));
    try {
      const r = await bed.reseller();
      await setWebhook(bed, r, hook.url);
      await r.call('getNumber', { service: 'wa', country: '73' });
      expect(heard).toEqual([]);
      await bed.smsArrives();
      await expect.poll(() => heard.length).toBeGreaterThanOrEqual(1);
    } finally {
      await unsubscribe();
      await bus.close();
    }
  });

  it('leaves the books balanced', async () => {
    expect(await bed.ledger.verify()).toEqual([]);
  });
});

describe('webhooks in production', async () => {
  const bed = await conformanceBed({ NODE_ENV: 'production', DEMO_MODE: 'true' });
  const hook = await receiver();

  it('refuses at send time an address that is private, and the receiver hears nothing', async () => {
    const r = await bed.reseller();
    const { id: keyId, res } = await setWebhook(bed, r, 'https://hooks.example.com/sms');
    expect(res.statusCode).toBe(200);
    // As if the saved address now pointed inside the network (the check at send time is what counts).
    const loopback = hook.url.replace('http://', 'https://');
    await bed.database.db.execute(sql`UPDATE api_keys SET webhook_url = ${loopback} WHERE id = ${keyId}`);
    await r.call('getNumber', { service: 'wa', country: '73' });
    await bed.smsArrives();
    expect(hook.seen).toHaveLength(0);
    const log = await bed.app.inject({
      url: `/api/v1/api-keys/${keyId}/webhook-deliveries`,
      headers: { cookie: r.cookie },
    });
    expect(log.json().items[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_status_code: null,
      last_error: 'refused: private address',
    });
  });
});
