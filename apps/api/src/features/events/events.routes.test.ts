import { randomUUID } from 'node:crypto';
import { type IncomingMessage, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.ts';
import { productId, topUp } from '../../test/activations-fixture.ts';
import { createTestApp, type SignedIn, signUpAndSignIn, TEST_ORIGIN } from '../../test/helpers.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createLedgerService } from '../ledger/ledger.service.ts';

interface Frame {
  id: number;
  event: string;
  data: Record<string, unknown>;
}

/** An open event stream, read the way EventSource reads it. */
function openStream(base: string, cookie: string, lastEventId?: number) {
  const frames: Frame[] = [];
  let res: IncomingMessage | undefined;
  const ready = new Promise<number>((resolve, reject) => {
    const req = request(
      `${base}/api/v1/events`,
      {
        headers: {
          cookie,
          accept: 'text/event-stream',
          ...(lastEventId ? { 'last-event-id': String(lastEventId) } : {}),
        },
      },
      (r) => {
        res = r;
        let buffer = '';
        r.setEncoding('utf8');
        r.on('data', (chunk: string) => {
          buffer += chunk;
          let cut = buffer.indexOf('\n\n');
          while (cut !== -1) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const field = (name: string) =>
              block
                .split('\n')
                .find((l) => l.startsWith(`${name}: `))
                ?.slice(name.length + 2);
            const data = field('data');
            if (data)
              frames.push({ id: Number(field('id')), event: field('event')!, data: JSON.parse(data) });
            cut = buffer.indexOf('\n\n');
          }
        });
        resolve(r.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end();
  });
  return {
    frames,
    ready,
    headers: () => res?.headers ?? {},
    close: () => res?.destroy(),
    async waitFor(test: (frames: Frame[]) => boolean, ms = 3_000) {
      const start = Date.now();
      while (!test(frames)) {
        if (Date.now() - start > ms) throw new Error(`no such events: ${JSON.stringify(frames)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}

describe('GET /api/v1/events', async () => {
  const { app, database, config } = await createTestApp({
    env: { SIMULATOR_MIN_DELAY_MS: '600000', SIMULATOR_MAX_DELAY_MS: '600000' },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });
  const wa = await productId(database, 'WA-BR');
  await database.db.execute(sql`UPDATE products SET stock = 100000 WHERE id = ${wa.id}`);
  const streams: ReturnType<typeof openStream>[] = [];
  afterAll(() => {
    for (const s of streams) s.close();
  });
  const stream = (who: SignedIn, lastEventId?: number) => {
    const s = openStream(base, who.cookie, lastEventId);
    streams.push(s);
    return s;
  };

  async function customer() {
    const who = await signUpAndSignIn(app);
    await topUp(database, ledger, who.user.id, 10_000);
    return who;
  }
  async function buy(who: SignedIn): Promise<string> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/activations',
      headers: { origin: TEST_ORIGIN, cookie: who.cookie, 'idempotency-key': `key-${randomUUID()}` },
      payload: { product_id: wa.id, currency: 'BRL' },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id;
  }
  async function smsArrives(activationId: string, code: string) {
    const [row] = await queryRows<{ upstream_id: string }>(
      database.db,
      sql`SELECT upstream_id FROM activations WHERE id = ${activationId}`,
    );
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/providers/simulator/sms/${config.numbers.inbound.token}`,
      payload: { activationId: row!.upstream_id, text: `Your code is ${code}`, code },
    });
    expect(res.statusCode).toBe(200);
  }

  it('needs a session, and refuses a malformed resume point', async () => {
    expect((await app.inject({ url: '/api/v1/events' })).statusCode).toBe(401);
    const who = await customer();
    const bad = await app.inject({
      url: '/api/v1/events?last_event_id=abc',
      headers: { cookie: who.cookie },
    });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    expect(bad.json()).toHaveProperty('detail');
    const notStream = await app.inject({ url: '/api/v1/events', headers: { cookie: who.cookie } });
    expect(notStream.statusCode).toBe(406);
    expect(notStream.json()).toMatchObject({ code: 'EVENT_STREAM_ONLY' });
  });

  it("carries the customer's own purchase, code and wallet events, never another customer's", async () => {
    const alice = await customer();
    const bob = await customer();
    const aliceStream = stream(alice);
    const bobStream = stream(bob);
    expect(await aliceStream.ready).toBe(200);
    // The stream is written raw, and still carries the security headers of every answer.
    expect(aliceStream.headers()).toMatchObject({
      'content-type': 'text/event-stream; charset=utf-8',
      'x-frame-options': 'DENY',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    });
    await bobStream.ready;
    const bobOrder = await buy(bob);
    await smsArrives(bobOrder, '111111');
    const aliceOrder = await buy(alice);
    await smsArrives(aliceOrder, '222222');
    await aliceStream.waitFor((f) => f.some((e) => e.event === 'activation' && e.data.code === '222222'));
    await bobStream.waitFor((f) => f.some((e) => e.event === 'activation' && e.data.code === '111111'));
    expect(aliceStream.frames.map((f) => f.event)).toEqual(['wallet', 'activation']);
    expect(aliceStream.frames[0]!.data).toMatchObject({ kind: 'purchase', amount: -wa.price });
    expect(aliceStream.frames[1]!.data).toEqual({ id: aliceOrder, status: 'code_received', code: '222222' });
    expect(JSON.stringify(aliceStream.frames)).not.toContain(bobOrder);
    expect(JSON.stringify(aliceStream.frames)).not.toContain('111111');
    expect(JSON.stringify(bobStream.frames)).not.toContain(aliceOrder);
  });

  it('replays what was missed when it reconnects with Last-Event-ID', async () => {
    const carol = await customer();
    const first = stream(carol);
    await first.ready;
    const order = await buy(carol);
    await first.waitFor((f) => f.length === 1);
    const seen = first.frames[0]!.id;
    first.close();
    await smsArrives(order, '333333');
    const second = await buy(carol);
    const again = stream(carol, seen);
    await again.waitFor((f) => f.length === 2);
    expect(again.frames.map((f) => f.event)).toEqual(['activation', 'wallet']);
    expect(again.frames.every((f) => f.id > seen)).toBe(true);
    expect(again.frames[0]!.data).toMatchObject({ id: order, code: '333333' });
    expect(second).not.toBe(order);
  });
});
