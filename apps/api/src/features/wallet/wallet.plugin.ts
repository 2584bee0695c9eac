import type { FeatureContext } from '../context.ts';
import { buildPaymentProvider } from './payment-providers.ts';
import { createPaymentsRepository } from './payments.repository.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { createPaymentsService, SWEEP } from './payments.service.ts';
import { sandboxCheckoutRoutes } from './sandbox-checkout.routes.ts';
import { walletRoutes } from './wallet.routes.ts';
import { createWalletService } from './wallet.service.ts';

/** Wallets, top-ups and payment webhooks (issue "Wallet and payments"). */
export async function registerWallet(ctx: FeatureContext): Promise<void> {
  const { app, config, database, now } = ctx;
  const built = await buildPaymentProvider({
    config: config.payments,
    publicUrl: config.publicUrl,
    db: database.db,
    now,
    log: app.log,
  });
  const wallet = createWalletService({ ledger: ctx.ledger });
  const payments = createPaymentsService({
    db: database.db,
    repository: createPaymentsRepository(database.db),
    ledger: ctx.ledger,
    built,
    limiter: ctx.limiter,
    config: config.payments,
    publicUrl: config.publicUrl,
    now,
    log: app.log,
  });

  await app.register(walletRoutes, { wallet });
  await app.register(paymentsRoutes, { payments });
  if (built.sandbox) await app.register(sandboxCheckoutRoutes, { sandbox: built.sandbox, payments });

  ctx.addTask({ name: 'payments:sweep', intervalMs: SWEEP.intervalMs, run: payments.sweep });
}
