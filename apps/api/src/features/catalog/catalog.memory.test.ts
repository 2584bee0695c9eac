import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestApp, signInAsAdmin, TEST_ORIGIN } from '../../test/helpers.ts';

/** The public lists are remembered for 2 s per process, and forgotten in every process at a change. */
describe('the catalogue remembered per process', async () => {
  // The memory reads Date.now, taken when the app is built: a fake Date from here on lets a test step
  // over its 2 s instead of sleeping them. Only Date is faked, and it keeps moving with real time, so the
  // database, the requests and the races below run on real timers.
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  afterAll(() => vi.useRealTimers());
  const { app: a, database, config } = await createTestApp();
  const b = await buildApp({ config, database, logger: false });
  afterAll(() => b.close());
  const url = '/api/v1/catalog/products?currency=BRL';
  const pending = Symbol('pending');
  const within = <T>(p: Promise<T>, ms: number) =>
    Promise.race([p, new Promise<typeof pending>((r) => setTimeout(() => r(pending), ms))]);

  it.skipIf(database.kind !== 'pglite')(
    'answers a repeat and its revalidation without the database, a new question with it',
    async () => {
      const first = await a.inject({ url });
      const etag = first.headers.etag as string;
      // PGlite has one connection: while this transaction holds it, any query waits.
      let release = () => {};
      const held = database.db.transaction(() => new Promise<void>((r) => (release = r)));
      const repeat = (await within(a.inject({ url }), 2_000)) as typeof first;
      expect(repeat.statusCode).toBe(200);
      expect(repeat.body).toBe(first.body);
      expect(repeat.headers).toMatchObject({ etag, 'cache-control': first.headers['cache-control'] });
      const revalidated = (await within(
        a.inject({ url, headers: { 'if-none-match': etag } }),
        2_000,
      )) as typeof first;
      expect([revalidated.statusCode, revalidated.body]).toEqual([304, '']);
      const other = a.inject({ url: '/api/v1/catalog/products?currency=USD' });
      expect(await within(other, 300)).toBe(pending);
      release();
      await held;
      expect((await other).statusCode).toBe(200);
    },
  );

  it.skipIf(database.kind !== 'pglite')(
    'keeps an answer rebuilt for a revalidation: clients that hold the list need the database once',
    async () => {
      const etag = (await a.inject({ url })).headers.etag as string;
      vi.advanceTimersByTime(2_100); // the memory's 2 s are over
      const rebuilt = await a.inject({ url, headers: { 'if-none-match': etag } });
      expect(rebuilt.statusCode).toBe(304);
      let release = () => {};
      const held = database.db.transaction(() => new Promise<void>((r) => (release = r)));
      const again = await within(a.inject({ url, headers: { 'if-none-match': etag } }), 2_000);
      release();
      await held;
      expect(again).not.toBe(pending);
      expect((again as typeof rebuilt).statusCode).toBe(304);
    },
  );

  it('sends a remembered list compressed to a client that accepts it, the same list once unpacked', async () => {
    const first = await a.inject({ url });
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    for (const [encoding, unpack] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await a.inject({ url, headers: { 'accept-encoding': `${encoding}, identity` } });
      expect([res.statusCode, res.headers['content-encoding'], res.headers.vary]).toEqual([
        200,
        encoding,
        'Accept-Encoding',
      ]);
      expect(unpack(res.rawPayload).toString()).toBe(first.body);
      expect(res.rawPayload.length).toBeLessThan(first.body.length / 4);
      // The same version: a revalidation with its (weak) tag is a 304.
      expect(res.headers.etag).toBe(`W/${first.headers.etag}`);
      const again = await a.inject({ url, headers: { 'if-none-match': res.headers.etag as string } });
      expect(again.statusCode).toBe(304);
    }
  });

  it('a staff change in one process is in the next answer of the other', async () => {
    const admin = await signInAsAdmin(a);
    const before = await b.inject({ url });
    const product = before.json().items[0] as { id: number; sku: string; price: number };
    const res = await a.inject({
      method: 'PATCH',
      url: `/api/v1/admin/products/${product.id}`,
      headers: { cookie: admin.cookie, origin: TEST_ORIGIN },
      payload: { is_active: false },
    });
    expect(res.statusCode).toBe(200);
    // On PostgreSQL the change reaches the other process as a NOTIFY, a few milliseconds after the
    // PATCH answers: the other process shows it well before its 2 s memory would have expired.
    const deadline = Date.now() + 1_000;
    let after = await b.inject({ url, headers: { 'if-none-match': before.headers.etag as string } });
    while (after.statusCode === 304 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      after = await b.inject({ url, headers: { 'if-none-match': before.headers.etag as string } });
    }
    expect(after.statusCode).toBe(200);
    expect(after.json().items.map((p: { sku: string }) => p.sku)).not.toContain(product.sku);
  });
});
