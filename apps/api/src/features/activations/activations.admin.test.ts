import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.ts';
import type { Actor } from '../../http/actor.ts';
import type { NumberProvider } from '../../providers/numbers/number-provider.ts';
import { UpstreamError } from '../../providers/numbers/number-provider.ts';
import {
  activationsOn,
  buildActivations,
  gate,
  insertUser,
  productId,
  settlementTransfers,
  stubProvider,
  topUp,
} from '../../test/activations-fixture.ts';
import { createClock } from '../../test/helpers.ts';
import { createSeededTestDatabase } from '../../test/test-database.ts';
import { createAuditRepository } from '../audit/audit.repository.ts';
import { createAuditService } from '../audit/audit.service.ts';
import { createActivationsRepository } from './activations.repository.ts';

let keys = 0;
const key = () => `admin-test-key-${++keys}-${Date.now()}`;

/** Staff cancel and finish on any customer's activation: the same settlement rules as the customer's. */
describe('activations service: staff actions', async () => {
  const database = await createSeededTestDatabase();
  afterAll(() => database.close());
  await database.db.execute(sql`UPDATE products SET stock = 100000`);

  const clock = createClock(new Date('2025-03-01T12:00:00Z'));
  const { ledger } = buildActivations(database, { now: clock.now, providers: [] });
  const audit = createAuditService({ repository: createAuditRepository(database.db), now: clock.now });
  const wa = await productId(database, 'WA-BR');
  const [adminRow] = await queryRows<{ id: string; email: string }>(
    database.db,
    sql`SELECT id, email FROM users WHERE role = 'ADMIN' LIMIT 1`,
  );
  const staff: Actor = { id: adminRow!.id, email: adminRow!.email, ip: '127.0.0.1' };

  /** The service as the plugin builds it (with the audit), on the given upstream sellers. */
  const serviceWith = (...providers: NumberProvider[]) =>
    activationsOn({
      db: database.db,
      repository: createActivationsRepository(database.db),
      ledger,
      catalog: buildActivations(database, { now: clock.now, providers }).catalog,
      providers,
      now: clock.now,
      audit,
    });

  async function customer(balance = 10_000) {
    const userId = await insertUser(database);
    await topUp(database, ledger, userId, balance);
    return userId;
  }
  const refunds = async (id: string) =>
    (await settlementTransfers(database, id)).filter((t) => t.kind === 'refund').length;
  const auditOf = (id: string) =>
    queryRows<{ action: string; after: { operation: string; status: string } }>(
      database.db,
      sql`SELECT action, after FROM audit_logs WHERE entity_type = 'orders' AND entity_id = ${id}`,
    );

  it('refunds a purchase still waiting for its number; the purchase then gives the number back', async () => {
    const hold = gate<void>();
    const slow = stubProvider('slow');
    const svc = serviceWith({
      ...slow.provider,
      async requestNumber(req) {
        await hold.promise;
        return slow.provider.requestNumber(req);
      },
    });
    const userId = await customer();
    const outcome = svc
      .purchase({ userId, productId: wa.id, currency: 'BRL', idempotencyKey: key() })
      .catch((err: unknown) => err);
    for (let i = 0; i < 100 && (await svc.list(userId, { skip: 0, limit: 1 })).total === 0; i++)
      await new Promise((r) => setTimeout(r, 10));
    const [pending] = (await svc.list(userId, { skip: 0, limit: 1 })).items;
    expect(pending).toMatchObject({ status: 'pending' });
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000 - wa.price);

    await svc.adminCancel(pending!.id, staff);
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000);
    hold.open();
    expect(await outcome).toMatchObject({ status: 503 });
    expect(slow.calls.some((c) => c.startsWith('cancel:slow-'))).toBe(true);
    expect((await svc.get(userId, pending!.id)).status).toBe('failed');
    expect(await refunds(pending!.id)).toBe(1);
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000);
    expect(await auditOf(pending!.id)).toMatchObject([
      { action: 'UPDATE', after: { operation: 'cancel', status: 'failed' } },
    ]);
  });

  it('refunds even when upstream refuses the cancel, where the customer would be told to retry', async () => {
    const stubborn = stubProvider('stubborn', {
      async cancel() {
        throw new UpstreamError('EARLY_CANCEL_DENIED');
      },
    });
    const svc = serviceWith(stubborn.provider);
    const userId = await customer();
    const { activation } = await svc.purchase({
      userId,
      productId: wa.id,
      currency: 'BRL',
      idempotencyKey: key(),
    });
    await expect(svc.cancel(userId, activation.id)).rejects.toMatchObject({ code: 'EARLY_CANCEL_DENIED' });
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000 - wa.price);
    await svc.adminCancel(activation.id, staff);
    expect(await svc.get(userId, activation.id)).toMatchObject({ status: 'cancelled', settled: 'refunded' });
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000);
  });

  it('refuses to refund when upstream says the code already arrived, and captures it instead', async () => {
    const arrived = stubProvider('arrived', {
      async cancel() {
        throw new UpstreamError('ALREADY_HAS_SMS');
      },
      async getStatus() {
        return { state: 'code', code: '424242', text: 'Your code is 424242' };
      },
    });
    const svc = serviceWith(arrived.provider);
    const userId = await customer();
    const { activation } = await svc.purchase({
      userId,
      productId: wa.id,
      currency: 'BRL',
      idempotencyKey: key(),
    });
    await expect(svc.adminCancel(activation.id, staff)).rejects.toMatchObject({
      code: 'CODE_ALREADY_RECEIVED',
      status: 409,
    });
    expect(await svc.get(userId, activation.id)).toMatchObject({ status: 'code_received', code: '424242' });
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000 - wa.price);
    await svc.adminFinish(activation.id, staff);
    expect((await svc.get(userId, activation.id)).status).toBe('finished');
    expect(arrived.calls).toContain('finish:arrived-1');
  });

  it('refunds once when several staff cancel the same activation at the same moment', async () => {
    const svc = serviceWith(stubProvider('race').provider);
    const userId = await customer();
    const { activation } = await svc.purchase({
      userId,
      productId: wa.id,
      currency: 'BRL',
      idempotencyKey: key(),
    });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => svc.adminCancel(activation.id, staff)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'ACTIVATION_CLOSED', status: 409 });
    expect(await refunds(activation.id)).toBe(1);
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000);
    expect(await auditOf(activation.id)).toHaveLength(1);
    expect(await ledger.verify()).toEqual([]);
  });

  it('finishes only an activation with its code, and answers an unknown id with 404', async () => {
    const svc = serviceWith(stubProvider('plain').provider);
    const userId = await customer();
    const { activation } = await svc.purchase({
      userId,
      productId: wa.id,
      currency: 'BRL',
      idempotencyKey: key(),
    });
    await expect(svc.adminFinish(activation.id, staff)).rejects.toMatchObject({
      code: 'FINISH_NOT_ALLOWED',
      status: 409,
    });
    await expect(svc.adminCancel('00000000-0000-4000-8000-000000000000', staff)).rejects.toMatchObject({
      code: 'ACTIVATION_NOT_FOUND',
      status: 404,
    });
    await expect(svc.adminFinish('00000000-0000-4000-8000-000000000000', staff)).rejects.toMatchObject({
      status: 404,
    });
  });
});
