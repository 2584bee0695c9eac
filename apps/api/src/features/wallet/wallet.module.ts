import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { FeatureModule } from '../../module.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { buildPaymentProvider } from './payment-providers.ts';
import { createPaymentsRepository } from './payments.repository.ts';
import { createPaymentsService, SWEEP } from './payments.service.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import { sandboxCheckoutRoutes } from './sandbox-checkout.routes.ts';
import { createStaffAdjustments } from './staff-adjustments.ts';
import { walletAdminRoutes } from './wallet.admin.routes.ts';
import { walletRoutes } from './wallet.routes.ts';
import { createWalletService } from './wallet.service.ts';

/** Balances, history, top-ups through the payment provider, its webhooks, and the sandbox checkout. */
export async function createWalletModule(deps: {
  config: Pick<Config, 'payments' | 'publicUrl'>;
  db: Db;
  ledger: LedgerService;
  audit: AuditService;
  /** Whether a customer exists, for staff adjustments (the users table belongs to the account feature). */
  userExists: (id: string, ex: Executor) => Promise<boolean>;
  limiter: RateLimiter;
  topupLimits?: PaymentsDeps['topupLimits'];
  sandboxAllowed?: PaymentsDeps['sandboxAllowed'];
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  const { config, db, ledger, audit, userExists, limiter, log, now } = deps;
  const built = await buildPaymentProvider({
    config: config.payments,
    publicUrl: config.publicUrl,
    db,
    now,
    log,
  });
  const service = createWalletService({ ledger });
  const payments = createPaymentsService({
    db,
    repository: createPaymentsRepository(db),
    ledger,
    built,
    limiter,
    config: config.payments,
    topupLimits: deps.topupLimits,
    sandboxAllowed: deps.sandboxAllowed,
    publicUrl: config.publicUrl,
    now,
    log,
  });
  const adjustments = createStaffAdjustments({ db, ledger, userExists, audit });
  const module: FeatureModule = {
    routes: async (app) => {
      await app.register(walletRoutes, { wallet: service, payments });
      await app.register(walletAdminRoutes, { adjustments });
      if (built.sandbox) await app.register(sandboxCheckoutRoutes, { sandbox: built.sandbox, payments });
    },
    tasks: [{ name: 'payments:sweep', intervalMs: SWEEP.intervalMs, run: payments.sweep }],
  };
  return { ...module, service, payments, payerRequired: built.provider.payerRequired };
}
