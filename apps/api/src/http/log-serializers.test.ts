import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helpers.ts';
import { loggableError } from './log-serializers.ts';

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
  const { app } = await createTestApp({ logger: { level: 'info', stream }, env: { WEB_DIST: webDist } });

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
});
