import { describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../../test/helpers.ts';
import { topUpTestBed } from '../../test/topup-fixture.ts';
import { SWEEP } from './payment-sweep.ts';
import { POLL_RECHECK_MS } from './poll-payment.ts';

const { clock, app, probe, card } = await topUpTestBed();

describe('simulate, poll and confirm', () => {
  it('simulate pays at the sandbox; polling the payment credits it even when the webhook is lost', async () => {
    const { cookie, user } = await signUpAndSignIn(app);
    const intent = await probe.createIntent(cookie, { amount: 5000, currency: 'BRL', method: 'pix' });
    const sim = await probe.post(`/api/v1/wallets/payments/${intent.id}/simulate`, cookie);
    expect(sim.statusCode).toBe(202);
    expect(sim.json()).toMatchObject({ id: intent.id, status: 'pending' });
    const again = await probe.post(`/api/v1/wallets/payments/${intent.id}/simulate`, cookie);
    expect(again.statusCode).toBe(409);
    const polled = await probe.get(`/api/v1/wallets/payments/${intent.id}`, cookie);
    expect(polled.json()).toMatchObject({ status: 'paid', credited: true });
    expect(await probe.balance(user.id)).toBe(5000);
    // The webhook arriving late changes nothing.
    await probe.webhook(probe.event(await probe.providerRef(intent.id), 'paid', 5000));
    expect(await probe.balance(user.id)).toBe(5000);
    expect(await probe.credits(intent.id)).toBe(1);
  });

  it('polling asks the provider at most every few seconds', async () => {
    const { cookie, user } = await signUpAndSignIn(app);
    const intent = await probe.createIntent(cookie, { amount: 5000, currency: 'BRL', method: 'pix' });
    expect((await probe.get(`/api/v1/wallets/payments/${intent.id}`, cookie)).json().status).toBe('pending');
    await probe.post(`/api/v1/wallets/payments/${intent.id}/simulate`, cookie);
    // Asked a moment ago: this poll answers from the database.
    expect((await probe.get(`/api/v1/wallets/payments/${intent.id}`, cookie)).json().status).toBe('pending');
    clock.advance(3_000);
    expect((await probe.get(`/api/v1/wallets/payments/${intent.id}`, cookie)).json().status).toBe('paid');
    expect(await probe.balance(user.id)).toBe(5000);
  });

  it('confirm on a PIX re-checks with the provider and credits if paid', async () => {
    const { cookie, user } = await signUpAndSignIn(app);
    const intent = await probe.createIntent(cookie, { amount: 6000, currency: 'BRL', method: 'pix' });
    const pending = await probe.post(`/api/v1/wallets/payments/intent/${intent.id}/confirm`, cookie);
    expect(pending.json()).toMatchObject({ status: 'pending', credited: false });
    await probe.post(`/api/v1/wallets/payments/${intent.id}/simulate`, cookie);
    const paid = await probe.post(`/api/v1/wallets/payments/intent/${intent.id}/confirm`, cookie);
    expect(paid.json()).toMatchObject({ status: 'paid', credited: true });
    expect(await probe.balance(user.id)).toBe(6000);
  });

  it('cards: 4242… pays and credits; declined and insufficient funds do not; a typo leaves it open', async () => {
    const { cookie, user } = await signUpAndSignIn(app);
    const confirm = (id: string, body?: unknown) =>
      probe.post(`/api/v1/wallets/payments/intent/${id}/confirm`, cookie, body);

    const good = await probe.createIntent(cookie, { amount: 2500, currency: 'USD', method: 'card' });
    expect((await confirm(good.id)).json().code).toBe('CARD_REQUIRED');
    const typo = await confirm(good.id, { card: card('4242424242424241') });
    expect(typo.statusCode).toBe(422);
    expect(typo.json()).toMatchObject({ code: 'CARD_NUMBER_INVALID' });
    const expired = await confirm(good.id, { card: { ...card('4242424242424242'), exp_year: 2020 } });
    expect(expired.json().code).toBe('CARD_EXPIRY_INVALID');
    const paid = await confirm(good.id, { card: card('4242 4242 4242 4242') });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', credited: true });
    expect((await confirm(good.id, { card: card('4242424242424242') })).json().status).toBe('paid');
    expect(await probe.balance(user.id, 'USD')).toBe(2500);

    for (const [number, reason] of [
      ['4000000000000002', 'declined'],
      ['4000000000009995', 'insufficient_funds'],
    ] as const) {
      const intent = await probe.createIntent(cookie, { amount: 3000, currency: 'BRL', method: 'card' });
      const res = await confirm(intent.id, { card: card(number) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'failed', failure_reason: reason, credited: false });
    }
    expect(await probe.balance(user.id, 'BRL')).toBe(0);
    expect(await probe.balance(user.id, 'USD')).toBe(2500);
    // Card data is never stored.
    expect(JSON.stringify(await probe.row(good.id))).not.toContain('4242424242424242');
  });

  it('nobody reads or acts on another customer’s payment', async () => {
    const owner = await signUpAndSignIn(app);
    const intruder = await signUpAndSignIn(app);
    const intent = await probe.createIntent(owner.cookie, { amount: 5000, currency: 'BRL', method: 'card' });
    const attempts = [
      probe.get(`/api/v1/wallets/payments/${intent.id}`, intruder.cookie),
      probe.post(`/api/v1/wallets/payments/intent/${intent.id}/confirm`, intruder.cookie, {
        card: card('4242424242424242'),
      }),
      probe.post(`/api/v1/wallets/payments/${intent.id}/simulate`, intruder.cookie),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('PAYMENT_NOT_FOUND');
    }
    expect((await probe.row(intent.id)).status).toBe('pending');
    const unknown = await probe.get(
      '/api/v1/wallets/payments/00000000-0000-4000-8000-000000000000',
      owner.cookie,
    );
    expect(unknown.statusCode).toBe(404);
    const notAnId = await probe.get('/api/v1/wallets/payments/not-an-id', owner.cookie);
    expect(notAnId.statusCode).toBe(422);
  });
});

describe('the sandbox hosted checkout', () => {
  it('creates a session whose page shows the amount with Pagar and Cancelar, and no script', async () => {
    const { cookie, user } = await signUpAndSignIn(app);
    const res = await probe.post('/api/v1/wallets/checkout/create-session', cookie, {
      amount: 5000,
      currency: 'BRL',
    });
    expect(res.statusCode).toBe(201);
    const { id, url } = res.json();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:9\/sandbox\/checkout\/[A-Za-z0-9]{32}$/);
    const path = new URL(url).pathname;
    const page = await app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('R$ 50,00');
    expect(page.body).toContain('>Pagar<');
    expect(page.body).toContain('>Cancelar<');
    expect(page.body).not.toMatch(/<script/i);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");

    const ref = path.split('/').at(-1)!;
    const form = 'number=4242+4242+4242+4242&exp_month=12&exp_year=2040&cvc=123&holder_name=Maria';
    const payUrl = `/api/v1/payments/sandbox/checkout/${ref}/pay`;
    const noOrigin = await app.inject({
      method: 'POST',
      url: payUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    expect(noOrigin.statusCode).toBe(403);
    const paid = await app.inject({
      method: 'POST',
      url: payUrl,
      headers: { origin: 'http://127.0.0.1:9', 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://127.0.0.1:9/dashboard/balance?payment=${id}&checkout=success`);
    expect(await probe.balance(user.id)).toBe(5000);
    expect((await probe.get(`/api/v1/wallets/payments/${id}`, cookie)).json()).toMatchObject({
      status: 'paid',
      method: 'card',
    });
  });

  it('Cancelar closes the session and goes back to the store', async () => {
    const { cookie, user } = await signUpAndSignIn(app);
    const { id, url } = (
      await probe.post('/api/v1/wallets/checkout/create-session', cookie, { amount: 1000, currency: 'USD' })
    ).json();
    const ref = new URL(url).pathname.split('/').at(-1)!;
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/payments/sandbox/checkout/${ref}/cancel`,
      headers: { origin: 'http://127.0.0.1:9' },
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toContain('checkout=cancel');
    expect((await probe.row(id)).status).toBe('cancelled');
    expect(await probe.balance(user.id, 'USD')).toBe(0);
    expect((await app.inject({ url: '/sandbox/checkout/unknownreference0000000000000' })).statusCode).toBe(
      404,
    );
  });

  it('checkout sessions obey the same amount rules', async () => {
    const { cookie } = await signUpAndSignIn(app);
    const res = await probe.post('/api/v1/wallets/checkout/create-session', cookie, {
      amount: 100,
      currency: 'BRL',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('O valor mínimo é R$ 5,00.');
  });
});

describe('the sweeper', () => {
  it('credits a payment whose webhook never came, and expires what nobody paid', async () => {
    const paidUser = await signUpAndSignIn(app);
    const paid = await probe.createIntent(paidUser.cookie, { amount: 5000, currency: 'BRL', method: 'pix' });
    await probe.post(`/api/v1/wallets/payments/${paid.id}/simulate`, paidUser.cookie);
    const idleUser = await signUpAndSignIn(app);
    const idle = await probe.createIntent(idleUser.cookie, { amount: 5000, currency: 'BRL', method: 'pix' });

    // Younger than a minute: left alone.
    await app.scheduler.runOnce();
    expect((await probe.row(paid.id)).status).toBe('pending');

    clock.advance(SWEEP.minAgeMs + 1_000);
    await app.scheduler.runOnce();
    expect((await probe.row(paid.id)).status).toBe('paid');
    expect(await probe.balance(paidUser.user.id)).toBe(5000);
    expect((await probe.row(idle.id)).status).toBe('pending');

    clock.advance(31 * 60_000);
    await app.scheduler.runOnce();
    expect((await probe.row(idle.id)).status).toBe('expired');
    expect(await probe.balance(idleUser.user.id)).toBe(0);
    expect(await probe.credits(paid.id)).toBe(1);
  });
});

describe('concurrency (PostgreSQL only: PGlite runs one statement at a time)', () => {
  it.runIf(process.env.DATABASE_URL)('50 copies of one webhook sent at once credit once', async () => {
    const { cookie, user } = await signUpAndSignIn(app);
    const intent = await probe.createIntent(cookie, { amount: 5000, currency: 'BRL', method: 'pix' });
    const body = probe.event(await probe.providerRef(intent.id), 'paid', 5000);
    const replies = await Promise.all(Array.from({ length: 50 }, () => probe.webhook(body)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(await probe.balance(user.id)).toBe(5000);
    expect(await probe.credits(intent.id)).toBe(1);
    expect(await probe.ledger.verify()).toEqual([]);
  });

  it.runIf(process.env.DATABASE_URL)(
    'distinct paid events, polls and confirms racing on one payment credit once',
    async () => {
      const { cookie, user } = await signUpAndSignIn(app);
      const intent = await probe.createIntent(cookie, { amount: 8000, currency: 'BRL', method: 'pix' });
      const ref = await probe.providerRef(intent.id);
      await probe.post(`/api/v1/wallets/payments/${intent.id}/simulate`, cookie);
      clock.advance(POLL_RECHECK_MS);
      const calls = Array.from({ length: 60 }, (_, i) => {
        if (i % 3 === 0) return probe.webhook(probe.event(ref, i % 2 ? 'failed' : 'paid', 8000));
        if (i % 3 === 1) return probe.get(`/api/v1/wallets/payments/${intent.id}`, cookie);
        return probe.post(`/api/v1/wallets/payments/intent/${intent.id}/confirm`, cookie);
      });
      const replies = await Promise.all(calls);
      expect(replies.filter((r) => r.statusCode !== 200)).toEqual([]);
      expect(await probe.balance(user.id)).toBe(8000);
      expect(await probe.credits(intent.id)).toBe(1);
      expect((await probe.row(intent.id)).status).toBe('paid');
      expect(await probe.ledger.verify()).toEqual([]);
    },
  );
});
