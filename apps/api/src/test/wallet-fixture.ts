import { randomBytes } from 'node:crypto';
import type { Currency } from '@numero/contract/common';
import type { PaymentIntent } from '@numero/contract/wallet';
import { eq, sql } from 'drizzle-orm';
import type { App } from '../app.ts';
import type { Database } from '../db/client.ts';
import { payments } from '../db/schema/index.ts';
import { queryRows } from '../db/sql.ts';
import { createLedgerRepository } from '../features/ledger/ledger.repository.ts';
import { createLedgerService } from '../features/ledger/ledger.service.ts';
import { signSandboxWebhook } from '../providers/payments/sandbox/webhooks.ts';
import { TEST_ORIGIN } from './helpers.ts';

export const WEBHOOK_SECRET = 'whsec_test_secret_for_numero_payments';

/** Environment for inject-only tests: the sandbox's own deliveries never fire (we sign and send events). */
export const INJECT_ENV = {
  PUBLIC_URL: 'http://127.0.0.1:9',
  ALLOWED_ORIGINS: `${TEST_ORIGIN},http://127.0.0.1:9`,
  SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET,
  SANDBOX_WEBHOOK_DELAY_MS: '600000',
};

/** For tests only: payments and the ledger as seen from inside the database. */
export function paymentsProbe(app: App, database: Database, now: () => Date = () => new Date()) {
  const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });

  const post = (url: string, cookie: string | undefined, payload?: unknown) =>
    app.inject({
      method: 'POST',
      url,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  return {
    ledger,
    post,
    get: (url: string, cookie?: string) => app.inject({ url, headers: cookie ? { cookie } : {} }),

    async createIntent(cookie: string, body: Record<string, unknown>): Promise<PaymentIntent> {
      const res = await post('/api/v1/wallets/payments/create-intent', cookie, body);
      if (res.statusCode !== 201) throw new Error(`create-intent failed: ${res.statusCode} ${res.body}`);
      return res.json();
    },

    async row(id: string) {
      const [row] = await database.db.select().from(payments).where(eq(payments.id, id));
      if (!row) throw new Error(`no payment ${id}`);
      return row;
    },

    async providerRef(id: string): Promise<string> {
      const [row] = await database.db.select().from(payments).where(eq(payments.id, id));
      if (!row?.providerRef) throw new Error(`payment ${id} has no provider reference`);
      return row.providerRef;
    },

    /** A sandbox event body, as the sandbox itself would build it. */
    event(
      providerRef: string,
      status: 'paid' | 'failed' | 'expired' | 'cancelled',
      amount: number,
      currency: Currency = 'BRL',
      id = `evt_${randomBytes(12).toString('hex')}`,
    ): string {
      return JSON.stringify({
        id,
        type: `charge.${status}`,
        created: Math.floor(now().getTime() / 1000),
        data: { providerRef, status, amount, currency },
      });
    },

    /** Sends a body to the sandbox webhook route, signed with `secret` at time `t` (defaults: the right ones). */
    webhook(body: string, opts: { secret?: string; t?: number; signature?: string; provider?: string } = {}) {
      const t = opts.t ?? Math.floor(now().getTime() / 1000);
      return app.inject({
        method: 'POST',
        url: `/api/v1/payments/webhooks/${opts.provider ?? 'sandbox'}`,
        headers: {
          'content-type': 'application/json',
          'x-sandbox-signature': opts.signature ?? signSandboxWebhook(body, opts.secret ?? WEBHOOK_SECRET, t),
        },
        payload: body,
      });
    },

    balance: (userId: string, currency: Currency = 'BRL') => ledger.walletBalance(userId, currency),

    /** How many credits the ledger holds for one payment (the answer must never exceed 1). */
    async credits(paymentId: string): Promise<number> {
      const rows = await queryRows<{ n: number }>(
        database.db,
        sql`SELECT count(*)::int AS n FROM ledger_transfers WHERE reference = ${`payment:${paymentId}`}`,
      );
      return Number(rows[0]?.n ?? 0);
    },
  };
}
