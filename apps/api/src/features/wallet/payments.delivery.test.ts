import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { settings, webhookEvents } from '../../db/schema/index.ts';
import { createTestApp, signUpAndSignIn, TEST_ORIGIN } from '../../test/helpers.ts';
import { paymentsProbe } from '../../test/wallet-fixture.ts';

/** A port nobody listens on right now, so PUBLIC_URL can name it before the app starts. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitFor<T>(
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const port = await freePort();
const publicUrl = `http://127.0.0.1:${port}`;
// No SANDBOX_WEBHOOK_SECRET: the secret is made once and kept in the settings table.
const { app, database } = await createTestApp({
  env: {
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    ALLOWED_ORIGINS: `${TEST_ORIGIN},${publicUrl}`,
    SANDBOX_WEBHOOK_DELAY_MS: '50',
  },
});
await app.listen({ port, host: '127.0.0.1' });
const probe = paymentsProbe(app, database);

afterAll(async () => {
  expect(await probe.ledger.verify()).toEqual([]);
});

it('simulate: the sandbox signs and delivers the webhook over real HTTP, and the wallet is credited once', async () => {
  const { cookie, user } = await signUpAndSignIn(app);
  const intent = await probe.createIntent(cookie, { amount: 5000, currency: 'BRL', method: 'pix' });
  const ref = await probe.providerRef(intent.id);
  const sim = await probe.post(`/api/v1/wallets/payments/${intent.id}/simulate`, cookie);
  expect(sim.statusCode).toBe(202);

  // Only the webhook can credit here: nothing polls the payment.
  const [event] = await waitFor(async () => {
    const rows = await database.db.select().from(webhookEvents).where(eq(webhookEvents.provider, 'sandbox'));
    return rows.length > 0 && rows[0]!.processedAt ? rows : null;
  });
  expect(event!.payload).toMatchObject({
    type: 'charge.paid',
    data: { providerRef: ref, amount: 5000, currency: 'BRL' },
  });
  expect(await probe.balance(user.id)).toBe(5000);
  expect(await probe.credits(intent.id)).toBe(1);
  expect((await probe.row(intent.id)).status).toBe('paid');
});

it('keeps the generated sandbox secret in settings, so other processes verify the same signatures', async () => {
  const [row] = await database.db
    .select()
    .from(settings)
    .where(eq(settings.key, 'payments.sandbox_webhook_secret'));
  expect(row?.value).toMatch(/^whsec_[0-9a-f]{64}$/);
});
