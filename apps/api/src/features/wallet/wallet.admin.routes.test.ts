import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.ts';
import {
  createTestApp,
  type SignedIn,
  signInAsAdmin,
  signUpAndSignIn,
  TEST_ORIGIN,
} from '../../test/helpers.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createLedgerService } from '../ledger/ledger.service.ts';

describe("staff adjustments of a customer's wallet", async () => {
  const { app, database } = await createTestApp();
  const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });
  const admin = await signInAsAdmin(app);
  const customer = await signUpAndSignIn(app);
  const url = (id = customer.user.id) => `/api/v1/admin/users/${id}/wallet-adjustments`;
  const adjust = (body: unknown, who: SignedIn = admin, id?: string, key?: string) =>
    app.inject({
      method: 'POST',
      url: url(id),
      headers: { origin: TEST_ORIGIN, cookie: who.cookie, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body as object,
    });
  const balance = () => ledger.walletBalance(customer.user.id, 'BRL');

  it('credits and debits with a reason, audited, shown to the customer as a neutral history line', async () => {
    const credit = await adjust({ currency: 'BRL', amount: 2_000, reason: 'PIX pago e não creditado' });
    expect(credit.statusCode).toBe(201);
    expect(credit.json()).toMatchObject({
      amount: 2_000,
      balance: 2_000,
      formatted: 'R$ 20,00',
      applied: true,
    });
    const debit = await adjust({ currency: 'BRL', amount: -500, reason: 'crédito em duplicidade' });
    expect(debit.json()).toMatchObject({ balance: 1_500, applied: true });
    expect(await balance()).toBe(1_500);

    const history = await app.inject({
      url: '/api/v1/wallets/BRL/transactions',
      headers: { cookie: customer.cookie, 'accept-language': 'pt-BR' },
    });
    expect(
      history
        .json()
        .map((t: { kind: string; amount: number; description: string }) => [t.kind, t.amount, t.description]),
    ).toEqual([
      ['adjustment', -500, 'Ajuste de saldo'],
      ['adjustment', 2_000, 'Ajuste de saldo'],
    ]);
    expect(history.body).not.toContain('duplicidade');

    const audit = await queryRows<{ actor_email: string; before: unknown; after: unknown }>(
      database.db,
      sql`SELECT actor_email, before, after FROM audit_logs WHERE action = 'WALLET_ADJUSTMENT' ORDER BY id`,
    );
    expect(audit).toEqual([
      {
        actor_email: admin.user.email,
        before: { currency: 'BRL', balance: 0 },
        after: { currency: 'BRL', balance: 2_000, amount: 2_000, reason: 'PIX pago e não creditado' },
      },
      {
        actor_email: admin.user.email,
        before: { currency: 'BRL', balance: 2_000 },
        after: { currency: 'BRL', balance: 1_500, amount: -500, reason: 'crédito em duplicidade' },
      },
    ]);
  });

  it('moves money once for one Idempotency-Key', async () => {
    const key = `adj-${randomUUID()}`;
    const first = await adjust({ currency: 'USD', amount: 300, reason: 'goodwill' }, admin, undefined, key);
    const again = await adjust({ currency: 'USD', amount: 300, reason: 'goodwill' }, admin, undefined, key);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json()).toMatchObject({ applied: false, balance: 300 });
    expect(await ledger.walletBalance(customer.user.id, 'USD')).toBe(300);
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const before = await balance();
    const cases: [unknown, string | undefined, number, string][] = [
      [{ currency: 'BRL', amount: -1_501, reason: 'below zero' }, undefined, 402, 'INSUFFICIENT_FUNDS'],
      [{ currency: 'BRL', amount: 100 }, undefined, 422, 'VALIDATION_ERROR'],
      [{ currency: 'BRL', amount: 100, reason: '  ' }, undefined, 422, 'VALIDATION_ERROR'],
      [{ currency: 'BRL', amount: 0, reason: 'nothing' }, undefined, 422, 'VALIDATION_ERROR'],
      [{ currency: 'BRL', amount: 1.5, reason: 'cents only' }, undefined, 422, 'VALIDATION_ERROR'],
      [{ currency: 'EUR', amount: 100, reason: 'no euro wallet' }, undefined, 422, 'VALIDATION_ERROR'],
      [{ currency: 'BRL', amount: 100, reason: 'who?' }, randomUUID(), 404, 'USER_NOT_FOUND'],
    ];
    for (const [body, id, status, code] of cases) {
      const res = await adjust(body, admin, id);
      expect({ body, status: res.statusCode, code: res.json().code }).toEqual({ body, status, code });
    }
    expect(await balance()).toBe(before);
  });

  it('is for ADMIN only', async () => {
    const manager = await signUpAndSignIn(app, { role: 'MANAGER' });
    const body = { currency: 'BRL', amount: 100, reason: 'not allowed' };
    expect((await adjust(body, manager)).statusCode).toBe(403);
    expect((await adjust(body, customer)).statusCode).toBe(403);
    expect(app.declaredAccess.get('POST /api/v1/admin/users/:id/wallet-adjustments')).toEqual(['ADMIN']);
  });

  it('leaves the books balanced', async () => {
    expect(await ledger.verify()).toEqual([]);
  });
});
