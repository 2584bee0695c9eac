import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { settlementTransfers } from '../../test/activations-fixture.ts';
import { createStaffFixture, SMS_DELAY_MS } from '../../test/staff-fixture.ts';

describe("staff activations API: every customer's orders", async () => {
  const {
    clock,
    app,
    database,
    ledger,
    wa,
    get,
    send,
    totalOf,
    customer,
    balanceOf,
    buy,
    auditRows,
    expectAdminOnly,
  } = await createStaffFixture();

  describe('orders', () => {
    it("lists every customer's activations with the customer, searchable and filtered", async () => {
      const buyer = await customer();
      await database.db.update(users).set({ fullName: 'Joana Pereira' }).where(eq(users.id, buyer.user.id));
      const other = await customer();
      const mine = (await buy(buyer)).json();
      await buy(other);

      const all = await get('/api/v1/admin/orders?limit=100');
      expect(all.statusCode).toBe(200);
      expect(totalOf(all)).toBeGreaterThanOrEqual(2);
      const row = all.json().find((o: { id: string }) => o.id === mine.id);
      expect(row).toMatchObject({
        user_id: buyer.user.id,
        user_name: 'Joana Pereira',
        user_email: buyer.user.email,
        service_name: 'WhatsApp',
        country_code: 'BR',
        status: 'waiting_sms',
        payment_status: 'pending',
        price: wa.price,
        currency: 'BRL',
        code: null,
        can_cancel: true,
        can_finish: false,
      });
      expect(row.phone_number).toMatch(/^55\d+$/);
      expect(row.expires_at).toBe(new Date(clock.now().getTime() + 20 * 60_000).toISOString());
      const otherRow = all.json().find((o: { user_id: string }) => o.user_id === other.user.id);
      // No full name: the part of the email before the @.
      expect(otherRow.user_name).toBe(other.user.email.split('@')[0]);

      const found = async (search: string) => {
        const res = await get(`/api/v1/admin/orders?search=${encodeURIComponent(search)}`);
        expect(res.statusCode).toBe(200);
        return res.json().map((o: { id: string }) => o.id) as string[];
      };
      expect(await found(buyer.user.email)).toEqual([mine.id]);
      expect(await found(buyer.user.email.toUpperCase())).toEqual([mine.id]);
      expect(await found('joana pere')).toEqual([mine.id]);
      expect(await found(mine.id)).toEqual([mine.id]);
      expect(await found(`#${mine.id.slice(0, 8)}`)).toEqual([mine.id]);
      const phone = mine.phone_number as string;
      expect(await found(`+${phone.slice(0, 2)} ${phone.slice(2, 4)} ${phone.slice(4)}`)).toEqual([mine.id]);
      expect(await found('nobody-at-all@nowhere')).toEqual([]);

      const waiting = await get(`/api/v1/admin/orders?status=waiting_sms&search=${buyer.user.email}`);
      expect(totalOf(waiting)).toBe(1);
      expect(totalOf(await get(`/api/v1/admin/orders?status=finished&search=${buyer.user.email}`))).toBe(0);
      expect(
        totalOf(await get(`/api/v1/admin/orders?payment_status=pending&search=${buyer.user.email}`)),
      ).toBe(1);
      expect(totalOf(await get(`/api/v1/admin/orders?payment_status=paid&search=${buyer.user.email}`))).toBe(
        0,
      );
      const paged = await get('/api/v1/admin/orders?limit=1&skip=1');
      expect(paged.json()).toHaveLength(1);
      expect(totalOf(paged)).toBe(totalOf(all));

      for (const query of ['status=shipped', 'payment_status=failed', 'limit=101', 'skip=x']) {
        const res = await get(`/api/v1/admin/orders?${query}`);
        expect({ query, status: res.statusCode }).toEqual({ query, status: 422 });
      }
    });

    it('cancels a waiting order with a refund to the customer, exactly once, and audits it', async () => {
      const buyer = await customer();
      const bought = (await buy(buyer)).json();
      expect(await balanceOf(buyer)).toBe(10_000 - wa.price);
      const summaryBefore = (await get('/api/v1/admin/orders/summary')).json();

      const cancelled = await send('POST', `/api/v1/admin/orders/${bought.id}/cancel`);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({
        id: bought.id,
        status: 'cancelled',
        payment_status: 'refunded',
        can_cancel: false,
      });
      expect(await balanceOf(buyer)).toBe(10_000);

      const again = await send('POST', `/api/v1/admin/orders/${bought.id}/cancel`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'ACTIVATION_CLOSED' });
      expect(again.json().detail).toBe('Esta ativação já foi encerrada.');
      expect(await balanceOf(buyer)).toBe(10_000);
      expect((await settlementTransfers(database, bought.id)).map((t) => t.kind)).toEqual([
        'purchase',
        'refund',
      ]);

      // The customer sees it too.
      const own = await app.inject({
        url: `/api/v1/activations/${bought.id}`,
        headers: { cookie: buyer.cookie },
      });
      expect(own.json()).toMatchObject({ status: 'cancelled', settled: 'refunded' });

      expect(await auditRows('orders', bought.id)).toMatchObject([
        {
          action: 'UPDATE',
          actor_email: 'admin@numero.test',
          before: { status: 'waiting_sms', settled: null },
          after: { operation: 'cancel', status: 'cancelled', settled: 'refunded', refunded: wa.price },
        },
      ]);
      const summaryAfter = (await get('/api/v1/admin/orders/summary')).json();
      expect(summaryAfter.by_status.cancelled).toBe(summaryBefore.by_status.cancelled + 1);
      expect(summaryAfter.by_status.waiting_sms).toBe(summaryBefore.by_status.waiting_sms - 1);
      expect(summaryAfter.by_payment_status.refunded).toBe(summaryBefore.by_payment_status.refunded + 1);
      expect(summaryAfter.total).toBe(summaryBefore.total);
      expect(await ledger.verify()).toEqual([]);
    });

    it('finishes an order with its code, refuses to refund it, and refuses to finish one without', async () => {
      const buyer = await customer();
      const bought = (await buy(buyer)).json();
      const early = await send('POST', `/api/v1/admin/orders/${bought.id}/finish`);
      expect(early.statusCode).toBe(409);
      expect(early.json().code).toBe('FINISH_NOT_ALLOWED');

      clock.advance(SMS_DELAY_MS + 1_000);
      await app.scheduler.runOnce();
      const withCode = (await get(`/api/v1/admin/orders?search=${bought.id}`)).json()[0];
      expect(withCode).toMatchObject({ status: 'code_received', payment_status: 'paid', can_finish: true });
      expect(withCode.code).toMatch(/^\d{4,8}$/);

      const refund = await send('POST', `/api/v1/admin/orders/${bought.id}/cancel`);
      expect(refund.statusCode).toBe(409);
      expect(refund.json().code).toBe('CODE_ALREADY_RECEIVED');
      expect(await balanceOf(buyer)).toBe(10_000 - wa.price);

      const finished = await send('POST', `/api/v1/admin/orders/${bought.id}/finish`);
      expect(finished.statusCode).toBe(200);
      expect(finished.json()).toMatchObject({
        status: 'finished',
        payment_status: 'paid',
        can_finish: false,
      });
      // Finishing twice changes nothing (as for the customer) and is audited once.
      expect((await send('POST', `/api/v1/admin/orders/${bought.id}/finish`)).statusCode).toBe(200);
      expect(await auditRows('orders', bought.id)).toMatchObject([
        { action: 'UPDATE', after: { operation: 'finish', status: 'finished', settled: 'captured' } },
      ]);
      expect(await balanceOf(buyer)).toBe(10_000 - wa.price);
      const paid = await get(`/api/v1/admin/orders?payment_status=paid&search=${buyer.user.email}`);
      expect(paid.json().map((o: { id: string }) => o.id)).toEqual([bought.id]);
    });

    it('answers unknown and malformed order ids with 404 and 422', async () => {
      for (const action of ['cancel', 'finish']) {
        const unknown = await send('POST', `/api/v1/admin/orders/${randomUUID()}/${action}`);
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json().code).toBe('ACTIVATION_NOT_FOUND');
        const malformed = await send('POST', `/api/v1/admin/orders/not-a-uuid/${action}`);
        expect(malformed.statusCode).toBe(422);
        expect(malformed.json().detail).toContain('id');
      }
    });

    it('exports the filtered list as CSV, defusing spreadsheet formulas', async () => {
      const buyer = await customer();
      await database.db
        .update(users)
        .set({ fullName: '=HYPERLINK("http://evil.example","x")' })
        .where(eq(users.id, buyer.user.id));
      const bought = (await buy(buyer)).json();
      const res = await get(`/api/v1/admin/orders/export?search=${buyer.user.email}&lang=en`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="orders-2025-03-01.csv"');
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(
        'id,date,customer,email,service,country,number,code,status,payment,price,currency,expires_at',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(bought.id);
      expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
      expect(lines[1]).toContain(',waiting_sms,pending,5.00,BRL,');

      const pt = await get(`/api/v1/admin/orders/export?search=${buyer.user.email}`);
      expect(pt.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toContain('cliente,email,serviço');
      expect(pt.headers['content-disposition']).toContain('pedidos-');
      const none = await get('/api/v1/admin/orders/export?status=failed&search=nobody-here');
      expect(
        none.body
          .replace(/^\uFEFF/, '')
          .trim()
          .split('\r\n'),
      ).toHaveLength(1);
    });
  });

  it('is for ADMIN only: 401 anonymous, 403 for CUSTOMER and MANAGER', async () => {
    await expectAdminOnly([
      ['GET', '/api/v1/admin/orders'],
      ['GET', '/api/v1/admin/orders/summary'],
      ['GET', '/api/v1/admin/orders/export'],
      ['POST', `/api/v1/admin/orders/${randomUUID()}/cancel`],
      ['POST', `/api/v1/admin/orders/${randomUUID()}/finish`],
    ]);
  });

  it('leaves the books balanced', async () => {
    expect(await ledger.verify()).toEqual([]);
  });
});
