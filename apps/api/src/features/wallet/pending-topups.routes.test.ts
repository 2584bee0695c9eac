import type { PaymentIntent } from '@numero/contract/wallet';
import { describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../../test/helpers.ts';
import { topUpTestBed } from '../../test/topup-fixture.ts';

const PENDING = '/api/v1/wallets/payments/pending';

describe('GET /api/v1/wallets/payments/pending', async () => {
  const { clock, app, probe } = await topUpTestBed();

  it('lists the caller’s open PIX and boleto top-ups, newest first, with their code and time left', async () => {
    const { cookie } = await signUpAndSignIn(app);
    const pix = await probe.createIntent(cookie, { amount: 5000, currency: 'BRL', method: 'pix' });
    clock.advance(60_000);
    const boleto = await probe.createIntent(cookie, { amount: 12_345, currency: 'BRL', method: 'boleto' });
    // A card is paid on the spot: it is not something left to pay later.
    await probe.createIntent(cookie, { amount: 2000, currency: 'USD', method: 'card' });

    const res = await probe.get(PENDING, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-total-count']).toBe('2');
    const list = res.json<PaymentIntent[]>();
    expect(list.map((p) => p.id)).toEqual([boleto.id, pix.id]);
    expect(list[1]).toMatchObject({
      method: 'pix',
      amount: 5000,
      status: 'pending',
      remaining_seconds: 29 * 60,
      pix: { copy_paste: pix.pix!.copy_paste, qr_code: pix.pix!.qr_code },
    });
    expect(list[0]!.boleto?.digitable_line).toBe(boleto.boleto!.digitable_line);
  });

  it('drops a top-up once it is paid or has expired', async () => {
    const { cookie } = await signUpAndSignIn(app);
    const paid = await probe.createIntent(cookie, { amount: 5000, currency: 'BRL', method: 'pix' });
    const later = await probe.createIntent(cookie, { amount: 6000, currency: 'BRL', method: 'pix' });
    const event = probe.event(await probe.providerRef(paid.id), 'paid', 5000);
    expect((await probe.webhook(event)).statusCode).toBe(200);
    const afterPaying = (await probe.get(PENDING, cookie)).json<PaymentIntent[]>();
    expect(afterPaying.map((p) => p.id)).toEqual([later.id]);

    // 31 minutes on, with a visit between so the session (idle after 30) stays alive.
    clock.advance(20 * 60_000);
    expect((await probe.get(PENDING, cookie)).json()).toHaveLength(1);
    clock.advance(11 * 60_000);
    const res = await probe.get(PENDING, cookie);
    expect(res.json()).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
  });

  it('shows nobody else’s top-ups, and pages with skip and limit', async () => {
    const owner = await signUpAndSignIn(app);
    const other = await signUpAndSignIn(app);
    const ids: string[] = [];
    for (const amount of [5000, 6000, 7000]) {
      ids.unshift((await probe.createIntent(owner.cookie, { amount, currency: 'BRL', method: 'pix' })).id);
      clock.advance(1000);
    }
    expect((await probe.get(PENDING, other.cookie)).json()).toEqual([]);

    const page = await probe.get(`${PENDING}?skip=1&limit=1`, owner.cookie);
    expect(page.json<PaymentIntent[]>().map((p) => p.id)).toEqual([ids[1]]);
    expect(page.headers['x-total-count']).toBe('3');
  });

  it('needs a signed-in caller and refuses a bad page with 422, never a 500', async () => {
    expect((await probe.get(PENDING)).statusCode).toBe(401);
    const { cookie } = await signUpAndSignIn(app);
    for (const query of ['limit=0', 'limit=101', 'skip=-1', 'limit=abc']) {
      const res = await probe.get(`${PENDING}?${query}`, cookie);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().detail).toEqual(expect.any(String));
    }
  });
});
