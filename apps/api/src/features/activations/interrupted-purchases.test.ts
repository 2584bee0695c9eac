import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.ts';
import {
  type NumberProvider,
  type OrderLookup,
  UpstreamError,
} from '../../providers/numbers/number-provider.ts';
import { provider, seller, server, useSeller } from '../../providers/numbers/sms-activate.fixture.ts';
import {
  activationsOn,
  activationsTestBed,
  gate,
  insertUser,
  stubProvider,
} from '../../test/activations-fixture.ts';
import { createCatalogRepository } from '../catalog/catalog.repository.ts';
import { createCatalogService } from '../catalog/catalog.service.ts';
import { createProductsRepository } from '../catalog/products.repository.ts';
import { createTrackRecordRepository } from '../catalog/track-record.repository.ts';
import { createTrackRecords } from '../catalog/track-record.ts';
import { createActivationsRepository } from './activations.repository.ts';
import { STALE_PENDING_MS } from './sms-tracking.ts';
import { createUpstreamRequestsRepository } from './upstream-requests.repository.ts';

const RETRY_MS = 60_000;

describe('activations: numbers bought for purchases a crash interrupted go back to the seller', async () => {
  const { database, clock, ledger, wa, customer, buy, expectBalancedBooks } = await activationsTestBed();
  const { db } = database;
  const requests = createUpstreamRequestsRepository(db);
  beforeEach(() => useSeller());
  afterEach(() => server.close());

  /** The store's service on these sellers, as a restarted process runs it, with its warnings kept. */
  function storeOn(...providers: NumberProvider[]) {
    const warnings: { obj: Record<string, unknown>; msg: string }[] = [];
    const service = activationsOn({
      db,
      repository: createActivationsRepository(db),
      ledger,
      catalog: createCatalogService({
        repository: createCatalogRepository(db),
        products: createProductsRepository(db),
        trackRecords: createTrackRecords({ repository: createTrackRecordRepository(db), now: clock.now }),
      }),
      providers,
      now: clock.now,
      log: { warn: (obj, msg) => warnings.push({ obj: obj as Record<string, unknown>, msg }) },
    });
    return { service, warnings };
  }

  /** A seller whose answer never reaches the store: the process died after `before` ran. */
  function dyingAfter(
    seller: NumberProvider,
    before: (req: Parameters<NumberProvider['requestNumber']>[0]) => Promise<unknown>,
  ) {
    return {
      ...seller,
      requestNumber: async (req: Parameters<NumberProvider['requestNumber']>[0]) => {
        await before(req);
        return new Promise<never>(() => {});
      },
    } satisfies NumberProvider;
  }

  const calls = (action: string, extra: Record<string, string> = {}) =>
    server.requests.filter((r) => {
      const q = r.url.searchParams;
      return q.get('action') === action && Object.entries(extra).every(([k, v]) => q.get(k) === v);
    }).length;

  /** How many sellers were recorded as asked for this customer's purchases. */
  async function recordedFor(userId: string) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM activation_upstream_requests r
          JOIN activations a ON a.id = r.activation_id WHERE a.user_id = ${userId}`,
    );
    return Number(row!.n);
  }

  /** Starts a purchase that dies mid-way; resolves with its activation id once `reached` says so. */
  async function interruptedPurchase(
    userId: string,
    seller: NumberProvider,
    reached: () => Promise<boolean>,
  ) {
    void buy(userId, { service: storeOn(seller).service }).catch(() => {});
    for (let i = 0; i < 300 && !(await reached()); i++) await new Promise((r) => setTimeout(r, 10));
    expect(await reached()).toBe(true);
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`SELECT id FROM activations WHERE user_id = ${userId} AND status = 'pending'`,
    );
    return row!.id;
  }

  it('refunds a purchase that died after the seller sold its number, and cancels that number once', async () => {
    seller.settings.earlyCancelMs = 0;
    const userId = await customer();
    const id = await interruptedPurchase(
      userId,
      dyingAfter(provider(), (req) => provider().requestNumber(req)),
      async () => calls('getNumberV2') === 1,
    );
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000 - wa.price);

    const restarted = storeOn(provider());
    clock.advance(STALE_PENDING_MS);
    expect(await restarted.service.recoverStale()).toBe(1);
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000);
    expect(await restarted.service.recoverStale()).toBe(0);
    clock.advance(RETRY_MS * 2);
    await restarted.service.recoverStale();

    // Asked again with the same order id, the seller named the number it sold; that one was cancelled.
    expect(calls('getNumberV2', { orderId: id })).toBe(2);
    expect(calls('setStatus', { status: '8', id: '4000' })).toBe(1);
    expect(calls('setStatus')).toBe(1);
    expect(await provider().getStatus('4000')).toEqual({ state: 'cancelled' });
    expect(await requests.listFor(id)).toEqual([
      { provider: 'sms-activate', upstream_id: '4000', released: 'cancelled' },
    ]);
    expect(restarted.warnings).toEqual([]);
  });

  it('retries a cancel the seller refuses as too early on the same number, a minute later', async () => {
    seller.settings.earlyCancelMs = 120_000;
    const userId = await customer();
    const id = await interruptedPurchase(
      userId,
      dyingAfter(provider(), (req) => provider().requestNumber(req)),
      async () => calls('getNumberV2') === 1,
    );
    const restarted = storeOn(provider());
    clock.advance(STALE_PENDING_MS);
    expect(await restarted.service.recoverStale()).toBe(1);
    expect(await provider().getStatus('4000')).toEqual({ state: 'waiting' });
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000);

    seller.settings.earlyCancelMs = 0;
    clock.advance(RETRY_MS - 1);
    await restarted.service.recoverStale();
    expect(calls('setStatus', { status: '8' })).toBe(1);
    clock.advance(1);
    await restarted.service.recoverStale();

    expect(calls('setStatus', { status: '8', id: '4000' })).toBe(2);
    expect(calls('getNumberV2', { orderId: id })).toBe(2);
    expect(await provider().getStatus('4000')).toEqual({ state: 'cancelled' });
    expect((await requests.listFor(id))[0]?.released).toBe('cancelled');
  });

  it('cancels once when the sweeper refunds while the seller is still answering the purchase', async () => {
    seller.settings.earlyCancelMs = 0;
    const hold = gate<void>();
    const slow: NumberProvider = {
      ...provider(),
      requestNumber: async (req) => {
        await hold.promise;
        return provider().requestNumber(req);
      },
    };
    const userId = await customer();
    const buying = buy(userId, { service: storeOn(slow).service }).catch((err: unknown) => err);
    for (let i = 0; i < 200 && (await recordedFor(userId)) === 0; i++)
      await new Promise((r) => setTimeout(r, 10));
    clock.advance(STALE_PENDING_MS);
    expect(await storeOn(provider()).service.recoverStale()).toBe(1);
    hold.open();

    expect(await buying).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', status: 503 });
    expect(calls('getNumberV2')).toBe(2);
    expect(calls('setStatus', { status: '8', id: '4000' })).toBe(1);
    expect(await provider().getStatus('4000')).toEqual({ state: 'cancelled' });
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000);
  });

  it('gives the number back when staff cancel a purchase stuck waiting for it', async () => {
    seller.settings.earlyCancelMs = 0;
    const userId = await customer();
    const id = await interruptedPurchase(
      userId,
      dyingAfter(provider(), (req) => provider().requestNumber(req)),
      async () => calls('getNumberV2') === 1,
    );
    const store = storeOn(provider());
    await store.service.adminCancel(id, {
      id: await insertUser(database, 'staff'),
      email: 'staff@numero.test',
    });
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000);
    await store.service.recoverStale();
    await store.service.recoverStale();

    expect(calls('setStatus', { status: '8', id: '4000' })).toBe(1);
    expect(await provider().getStatus('4000')).toEqual({ state: 'cancelled' });
  });

  it('never makes a seller sell for a purchase refunded before that seller was asked', async () => {
    const userId = await customer();
    const id = await interruptedPurchase(
      userId,
      dyingAfter(provider(), async () => {}),
      async () => (await recordedFor(userId)) === 1,
    );
    // As if the process had died between the purchase's transaction and the record of its first seller.
    await db.execute(sql`DELETE FROM activation_upstream_requests WHERE activation_id = ${id}`);
    clock.advance(STALE_PENDING_MS);
    expect(await storeOn(provider()).service.recoverStale()).toBe(1);
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000);
    expect(server.requests).toEqual([]);
  });

  it('leaves a seller that cannot look its orders up alone, and names the activation for staff', async () => {
    const plain = stubProvider('plain');
    const userId = await customer();
    const id = await interruptedPurchase(
      userId,
      dyingAfter(plain.provider, (req) => plain.provider.requestNumber(req)),
      async () => plain.calls.length === 1,
    );
    const restarted = storeOn(plain.provider);
    clock.advance(STALE_PENDING_MS);
    expect(await restarted.service.recoverStale()).toBe(1);
    clock.advance(RETRY_MS);
    await restarted.service.recoverStale();

    expect(plain.calls).toEqual(['requestNumber:wa:BR']);
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000);
    expect(restarted.warnings).toEqual([
      {
        obj: expect.objectContaining({ activation: id, provider: 'plain' }),
        msg: expect.stringContaining('cancel its number there'),
      },
    ]);
    expect(await requests.listFor(id)).toEqual([{ provider: 'plain', upstream_id: null, released: 'staff' }]);
  });

  it('gives a seller without order ids (5sim) the time it was asked and the numbers the store holds', async () => {
    const lookups: OrderLookup[] = [];
    let lost: string | null = 'history-2';
    const history = stubProvider('history', {
      async findOrder(req) {
        lookups.push(req);
        if (!lost) throw new UpstreamError('NOT_FOUND', 'no open order for this purchase');
        return { upstreamId: lost, phoneNumber: '5511900000002' };
      },
    });
    const userId = await customer();
    // A purchase that went through: its number is the store's, never the lost order's.
    await buy(userId, { service: storeOn(history.provider).service });
    const askedAt = clock.now();
    const id = await interruptedPurchase(
      userId,
      dyingAfter(history.provider, (req) => history.provider.requestNumber(req)),
      async () => history.calls.length === 2,
    );
    const restarted = storeOn(history.provider);
    clock.advance(STALE_PENDING_MS);
    expect(await restarted.service.recoverStale()).toBe(1);

    expect(lookups).toEqual([{ service: 'wa', country: 'BR', orderId: id, askedAt, known: ['history-1'] }]);
    expect(history.calls.filter((c) => c.startsWith('cancel'))).toEqual(['cancel:history-2']);
    expect(await requests.listFor(id)).toEqual([
      { provider: 'history', upstream_id: 'history-2', released: 'cancelled' },
    ]);

    // The seller finds no open order of that time: nothing was bought, nothing to cancel or report.
    lost = null;
    const recorded = await recordedFor(userId);
    const second = await interruptedPurchase(
      userId,
      dyingAfter(history.provider, async () => {}),
      async () => (await recordedFor(userId)) > recorded,
    );
    clock.advance(STALE_PENDING_MS);
    expect(await restarted.service.recoverStale()).toBe(1);

    expect(lookups).toHaveLength(2);
    expect(history.calls.filter((c) => c.startsWith('cancel'))).toEqual(['cancel:history-2']);
    expect(await requests.listFor(second)).toEqual([
      { provider: 'history', upstream_id: null, released: 'none' },
    ]);
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000 - wa.price);
    expect(restarted.warnings).toEqual([]);
  });

  it('keeps the books balanced', expectBalancedBooks);
});
