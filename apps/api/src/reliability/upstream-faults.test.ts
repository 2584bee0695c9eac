import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/sql.ts';
import { createLedgerRepository } from '../features/ledger/ledger.repository.ts';
import { createLedgerService } from '../features/ledger/ledger.service.ts';
import { API_KEY, createFakeSeller } from '../providers/numbers/sms-activate.fixture.ts';
import { send, startTestServer } from '../providers/numbers/test-support.ts';
import { createClock, createTestApp, signInAsAdmin, signUpAndSignIn, TEST_ORIGIN } from '../test/helpers.ts';
import { checkMoney } from '../test/money-invariants.ts';
import { recordReliability } from '../test/reliability-report.ts';

/**
 * The upstream seller (an sms-activate protocol server on loopback) misbehaves while customers buy:
 * it stalls past the timeout, answers 5xx, answers garbage, drops the connection, and later delivers a
 * code for a number the store already refunded. Purchases fail over to the next provider (the
 * simulator) or are refunded at once; a code for a refunded number charges nothing; no money is lost.
 */
const START_CENTS = 10_000;
type Mode = 'healthy' | 'stalls' | 'answers 502' | 'answers garbage' | 'drops the connection';

describe('the upstream seller failing in every way during purchases', async () => {
  const seller = createFakeSeller();
  seller.settings.earlyCancelMs = 0;
  let mode: Mode = 'healthy';
  const upstream = await startTestServer((req, res) => {
    if (mode === 'stalls') return;
    if (mode === 'answers 502') return send(res, 502, 'Bad Gateway');
    if (mode === 'answers garbage') return send(res, 200, '{"activationId": 12, "phoneNumb');
    if (mode === 'drops the connection') return res.socket?.destroy();
    seller.handle(req, res);
  });
  afterAll(() => upstream.close());

  const clock = createClock();
  const { app, database } = await createTestApp({
    now: clock.now,
    env: {
      NUMBER_PROVIDERS: 'sms-activate,simulator',
      SMS_ACTIVATE_BASE_URL: upstream.baseUrl,
      SMS_ACTIVATE_API_KEY: API_KEY,
      UPSTREAM_TIMEOUT_MS: '300',
      SIMULATOR_MIN_DELAY_MS: '1000',
      SIMULATOR_MAX_DELAY_MS: '5000',
      SIMULATOR_NO_SMS_RATE: '0.5',
    },
  });
  const admin = await signInAsAdmin(app);
  const customer = await signUpAndSignIn(app);
  await app.inject({
    method: 'POST',
    url: `/api/v1/admin/users/${customer.user.id}/wallet-adjustments`,
    headers: { origin: TEST_ORIGIN, cookie: admin.cookie },
    payload: { currency: 'BRL', amount: START_CENTS, reason: 'reliability suite float' },
  });
  const [product] = (
    await app.inject({ url: '/api/v1/catalog/products?currency=BRL', headers: { cookie: customer.cookie } })
  )
    .json()
    .items.filter((p: { available: boolean; service_code?: string }) => p.available);

  const buy = () =>
    app.inject({
      method: 'POST',
      url: '/api/v1/activations',
      headers: { origin: TEST_ORIGIN, cookie: customer.cookie, 'idempotency-key': randomUUID() },
      payload: { product_id: product.id, currency: 'BRL' },
    });
  const providerOf = async (id: string) =>
    (
      await queryRows<{ provider: string }>(
        database.db,
        sql`SELECT provider FROM activations WHERE id = ${id}`,
      )
    )[0]?.provider;

  const answers: Record<string, number> = {};
  let healthyId = '';

  it.each<Mode>(['healthy', 'stalls', 'answers 502', 'answers garbage', 'drops the connection'])(
    'when the seller %s, a purchase is served (by the seller or the next provider), never a 5xx',
    async (m) => {
      mode = m;
      for (let i = 0; i < 3; i++) {
        const res = await buy();
        answers[`${m}: ${res.statusCode}`] = (answers[`${m}: ${res.statusCode}`] ?? 0) + 1;
        expect(res.statusCode).toBe(201);
        const provider = await providerOf(res.json().id);
        expect(provider).toBe(m === 'healthy' ? 'sms-activate' : 'simulator');
        if (m === 'healthy') healthyId = res.json().id;
      }
      // Past the purchase limit's window before the next kind of fault.
      clock.advance(61_000);
    },
  );

  it('charges nothing for a code that arrives after the refund, and loses no money', async () => {
    mode = 'healthy';
    // 21 minutes on: every number without a code expires and is refunded (and cancelled upstream).
    clock.advance(21 * 60_000);
    await app.scheduler.runOnce();
    const [late] = await queryRows<{ status: string; upstream_id: string }>(
      database.db,
      sql`SELECT status, upstream_id FROM activations WHERE id = ${healthyId}`,
    );
    expect(late?.status).toBe('expired');
    seller.deliverSms(late!.upstream_id, '424242');
    await app.scheduler.runOnce();
    const [after] = await queryRows<{ status: string }>(
      database.db,
      sql`SELECT status FROM activations WHERE id = ${healthyId}`,
    );
    expect(after?.status).toBe('expired');

    const checks = await checkMoney(database, START_CENTS);
    expect(checks.problems).toEqual([]);
    expect(checks.moneyLost).toBe(0);
    const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });
    expect(await ledger.verify()).toEqual([]);
    await recordReliability('upstream-faults', {
      faults: [
        'stalls past the timeout',
        'answers 502',
        'answers garbage',
        'drops the connection',
        'code after the refund',
      ],
      answers,
      invariantChecks: checks.checked,
      moneyLost: checks.moneyLost,
    });
  });
});
