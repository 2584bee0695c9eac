import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLedgerRepository } from '../features/ledger/ledger.repository.ts';
import { createLedgerService } from '../features/ledger/ledger.service.ts';
import { productId, topUp } from '../test/activations-fixture.ts';
import { createTestApp, signUpAndSignIn, TEST_ORIGIN } from '../test/helpers.ts';
import { loggableError } from './log-serializers.ts';
import { prettyLogStream } from './request-log.ts';

describe('what a failed request leaves in the log', () => {
  it('keeps the statement and the cause but never the values bound to it', () => {
    const secret = 'nk_0123456789abcdef-this-is-a-key-hash';
    const err = new DrizzleQueryError(
      'insert into "api_keys" ("name", "key_hash") values ($1, $2)',
      ['bot', secret],
      Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }),
    );
    const logged = JSON.stringify(loggableError(err));
    expect(logged).not.toContain(secret);
    expect(logged).toContain('insert into \\"api_keys\\"');
    expect(logged).toContain('params: [redacted]');
    expect(loggableError(err)).toMatchObject({
      code: '22021',
      cause: 'invalid byte sequence for encoding "UTF8": 0x00',
    });
  });
});

describe("the store's logger", async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  // A built web app of two files, so that serving one is the same with or without `npm run build`.
  const webDist = mkdtempSync(join(tmpdir(), 'numero-log-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Numero</title>');
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const { app, database, config } = await createTestApp({
    logger: { level: 'info', stream },
    env: { WEB_DIST: webDist },
  });
  const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown> & { msg: string });

  it('leaves out the values bound to a statement in every error it logs, not only failed requests', () => {
    const keyHash = 'b1946ac92492d2347c6235b4d2611184b1946ac92492d2347c6235b4d2611184';
    // What a background task meets when the database goes away: the statement, its values, the cause.
    const lost = new DrizzleQueryError(
      'select "user_id" from "api_keys" where "key_hash" = $1',
      [keyHash],
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    );
    app.log.error({ err: lost, task: 'sms-checks' }, 'background task failed');
    app.log.warn({ err: lost }, 'event bus connection lost');
    const logged = lines.join('');
    expect(logged).toContain('background task failed');
    expect(logged).toContain('ECONNREFUSED');
    expect(logged).toContain('params: [redacted]');
    expect(logged).not.toContain(keyHash);
  });

  it("logs a request's path, never its query string", async () => {
    lines.length = 0;
    const key = 'bot-key-never-in-a-log-0123456789';
    await app.inject({ url: `/stubs/handler_api.php?api_key=${key}&action=getBalance` });
    await app.inject({ url: `/api/v1/auth/verify-email?token=${key}` });
    const logged = lines.join('');
    expect(logged).toContain('"url":"/api/v1/auth/verify-email"');
    expect(logged).toContain('/stubs/handler_api.php');
    expect(logged).not.toContain(key);
  });

  it('writes one line per API request, and none for the web app files that were served', async () => {
    lines.length = 0;
    await app.inject({ url: '/api/v1/store' });
    expect((await app.inject({ url: '/favicon.svg' })).statusCode).toBe(200);
    await app.inject({ url: '/api/v1/no-such-route' });
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; url?: string; status?: number });
    expect(logged.map((l) => l.msg.replace(/ \d+ ms$/, ''))).toEqual([
      'GET /api/v1/store 200',
      'GET /api/v1/no-such-route 404',
    ]);
    expect(logged[0]).toMatchObject({ url: '/api/v1/store', status: 200 });
  });

  it("writes the seller's webhook token in a request line as [redacted], whatever the answer", async () => {
    lines.length = 0;
    const token = config.numbers.inbound.token;
    expect(token.length).toBeGreaterThanOrEqual(24);
    const push = (secret: string) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/providers/simulator/sms/${secret}?token=${secret}`,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
    expect((await push(token)).statusCode).toBe(422);
    expect((await push('a-wrong-token-that-is-long-enough-0123')).statusCode).toBe(404);
    const text = lines.join('');
    expect(text).not.toContain(token);
    expect(text).not.toContain('a-wrong-token');
    expect(logged().map((l) => l.msg.replace(/ \d+ ms$/, ''))).toEqual([
      'POST /api/v1/providers/simulator/sms/[redacted] 422',
      'POST /api/v1/providers/simulator/sms/[redacted] 404',
    ]);
  });

  it('censors a field named as a secret wherever a line carries it', () => {
    lines.length = 0;
    app.log.warn(
      { token: 'tok-0123456789', webhook: { url: 'https://bot.example', secret: 'whsec-0123456789' } },
      'x',
    );
    const text = lines.join('');
    expect(text).not.toContain('tok-0123456789');
    expect(text).not.toContain('whsec-0123456789');
    expect(text).toContain('https://bot.example');
  });

  it('writes one line for a purchase, with its ids and price', async () => {
    const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });
    const product = await productId(database, 'WA-BR');
    await database.db.execute(sql`UPDATE products SET stock = 1000 WHERE id = ${product.id}`);
    const who = await signUpAndSignIn(app);
    await topUp(database, ledger, who.user.id, 10_000);
    lines.length = 0;
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/activations',
      headers: { origin: TEST_ORIGIN, cookie: who.cookie, 'idempotency-key': `key-${randomUUID()}` },
      payload: { product_id: product.id, currency: 'BRL' },
    });
    expect(res.statusCode).toBe(201);
    const sold = logged().filter((l) => l.msg.startsWith('number sold'));
    expect(sold).toHaveLength(1);
    expect(sold[0]).toMatchObject({
      level: 30,
      activation: res.json().id,
      product: product.id,
      price: product.price,
    });
    expect(logged().at(-1)?.msg).toMatch(/^POST \/api\/v1\/activations 201 \d+ ms$/);
  });
});

describe('the development log (LOG_FORMAT=pretty)', () => {
  it('is one readable line per event with the local time, no JSON around the message', () => {
    const out: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        out.push(String(chunk));
        done();
      },
    });
    // The logger app.ts gives the store in development, without the store around it.
    const { log } = Fastify({ logger: { level: 'info', stream: prettyLogStream(destination) } });
    log.info({ method: 'GET', url: '/api/v1/store', status: 200, ms: 3 }, 'GET /api/v1/store 200 3 ms');
    log.info({ activation: 'a1', price: 500 }, 'number sold: WhatsApp · Brazil');
    const [request, sold] = stripVTControlCharacters(out.join('')).trimEnd().split('\n');
    const hhmmss = /^\[\d{2}:\d{2}:\d{2}\] INFO: /;
    expect(request).toMatch(hhmmss);
    expect(request?.replace(hhmmss, '')).toBe('GET /api/v1/store 200 3 ms');
    expect(sold).toMatch(/number sold: WhatsApp · Brazil \{"activation":"a1","price":500\}$/);
  });
});
