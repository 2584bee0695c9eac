import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.ts';
import { forEachLimited } from '../../lib/for-each-limited.ts';
import { provider, seller, server, useSeller } from '../../providers/numbers/sms-activate.fixture.ts';
import { activationsTestBed, settlementTransfers } from '../../test/activations-fixture.ts';

const WAITING = 1_000;

describe('batch polling of a seller that cannot push', async () => {
  const { database, clock, customer, serviceOn, buy, expectBalancedBooks } = await activationsTestBed();
  beforeAll(() => useSeller());
  afterAll(() => server.close());

  const callsOf = (action: string) =>
    server.requests.filter((r) => r.url.searchParams.get('action') === action).length;
  const statusOf = async (id: string) => {
    const [row] = await queryRows<{ status: string; code: string | null }>(
      database.db,
      sql`SELECT status, code FROM activations WHERE id = ${id}`,
    );
    return row!;
  };

  it(`asks once per tick for ${WAITING} waiting activations, and delivers the codes it learns`, async () => {
    const upstream = provider();
    const svc = serviceOn(upstream);
    const userId = await customer(100_000);
    const paid = [];
    for (let i = 0; i < 3; i++) paid.push((await buy(userId, { service: svc })).activation);
    // The rest are bought upstream for real and stored as the purchase would store them.
    const template = paid[0]!;
    const sold: { upstreamId: string }[] = [];
    await forEachLimited(Array.from({ length: WAITING - paid.length }), 16, async () => {
      sold.push(await upstream.requestNumber({ service: 'wa', country: 'BR', orderId: '' }));
    });
    await database.db.execute(sql`
      INSERT INTO activations (id, user_id, product_id, service_code, country_code, currency, price, status,
        provider, upstream_id, phone_number, idempotency_key, assigned_at, expires_at, next_check_at)
      SELECT gen_random_uuid(), user_id, product_id, service_code, country_code, currency, price, 'waiting_sms',
        provider, u.upstream_id, phone_number, 'bulk-' || u.n, assigned_at, expires_at, next_check_at
      FROM activations,
        unnest(${`{${sold.map((s) => s.upstreamId).join(',')}}`}::text[]) WITH ORDINALITY AS u(upstream_id, n)
      WHERE id = ${template.id}`);
    const [{ n: waiting } = { n: 0 }] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM activations WHERE status = 'waiting_sms' AND provider = ${upstream.name}`,
    );
    expect(waiting).toBe(WAITING);

    const before = { batch: callsOf('getActiveActivations'), single: callsOf('getStatus') };
    for (let tick = 1; tick <= 3; tick++) {
      clock.advance(1_000);
      await svc.checkDue();
      expect(callsOf('getActiveActivations') - before.batch).toBe(tick);
    }
    expect(callsOf('getStatus') - before.single).toBe(0);

    const upstreamIds = await queryRows<{ id: string; upstream_id: string }>(
      database.db,
      sql`SELECT id, upstream_id FROM activations WHERE id IN (${sql.join(
        paid.map((a) => sql`${a.id}`),
        sql`, `,
      )})`,
    );
    seller.deliverSms(upstreamIds[0]!.upstream_id, '123456');
    clock.advance(1_000);
    await svc.checkDue();
    expect(callsOf('getActiveActivations') - before.batch).toBe(4);
    expect(await statusOf(upstreamIds[0]!.id)).toEqual({ status: 'code_received', code: '123456' });
    expect(await statusOf(upstreamIds[1]!.id)).toEqual({ status: 'waiting_sms', code: null });
    // The next answers still list the code: it is not captured twice.
    clock.advance(1_000);
    await svc.checkDue();
    expect((await settlementTransfers(database, upstreamIds[0]!.id)).map((t) => t.kind)).toEqual([
      'purchase',
      'capture',
    ]);
  }, 60_000);

  it('asks once per turn whichever processes tick, and writes nothing for a number still waiting', async () => {
    const one = serviceOn(provider());
    const other = serviceOn(provider());
    const userId = await customer();
    const { activation } = await buy(userId, { service: one });
    const version = async () =>
      (
        await queryRows<{ v: string }>(
          database.db,
          sql`SELECT xmin::text AS v FROM activations WHERE id = ${activation.id}`,
        )
      )[0]!.v;
    const before = { calls: callsOf('getActiveActivations'), row: await version() };
    for (let tick = 1; tick <= 2; tick++) {
      clock.advance(1_000);
      await Promise.all([one.checkDue(), other.checkDue()]);
      expect(callsOf('getActiveActivations') - before.calls).toBe(tick);
    }
    expect(await version()).toBe(before.row);
    expect(await statusOf(activation.id)).toEqual({ status: 'waiting_sms', code: null });
  });

  it('backs off a failing seller instead of asking every tick', async () => {
    const svc = serviceOn(provider());
    const userId = await customer();
    await buy(userId, { service: svc });
    seller.force('getActiveActivations', 'ERROR_SQL');
    const start = callsOf('getActiveActivations');
    clock.advance(1_000);
    await svc.checkDue();
    expect(callsOf('getActiveActivations') - start).toBe(1);
    clock.advance(1_000);
    await svc.checkDue();
    expect(callsOf('getActiveActivations') - start).toBe(1);
    clock.advance(1_500);
    await svc.checkDue();
    expect(callsOf('getActiveActivations') - start).toBe(2);
  });

  it('keeps the books balanced', expectBalancedBooks);
});
