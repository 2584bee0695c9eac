import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { FeatureModule } from '../../module.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { createPaymentConfirmation } from './confirm-payment.ts';
import { createOwnedPayments } from './owned-payments.ts';
import { buildPaymentProvider } from './payment-providers.ts';
import { createPaymentSettlement } from './payment-settlement.ts';
import { createPaymentSweep, SWEEP } from './payment-sweep.ts';
import { createPaymentWebhooks } from './payment-webhooks.ts';
import { createPaymentsRepository } from './payments.repository.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import { createPaymentPoll } from './poll-payment.ts';
import { sandboxCheckoutRoutes } from './sandbox-checkout.routes.ts';
import { createSandboxPayments } from './sandbox-payments.ts';
import { createStaffAdjustments } from './staff-adjustments.ts';
import { createTopupIntents } from './topup-intents.ts';
import { walletAdminRoutes } from './wallet.admin.routes.ts';
import { walletRoutes } from './wallet.routes.ts';
import { createWalletService } from './wallet.service.ts';
import './payments.messages.ts';

/** The top-up use cases over one settlement, so a webhook, a confirm, a poll and the sweep credit alike. */
function createPaymentsUseCases(deps: PaymentsDeps) {
  const settlement = createPaymentSettlement(deps);
  const payments = createOwnedPayments(deps);
  return {
    pending: payments,
    intents: createTopupIntents({ ...deps, settlement, payments }),
    sandbox: createSandboxPayments({ ...deps, settlement, payments }),
    poll: createPaymentPoll({ ...deps, settlement, payments }),
    confirmation: createPaymentConfirmation({ ...deps, settlement, payments }),
    webhooks: createPaymentWebhooks({ ...deps, settlement }),
    sweep: createPaymentSweep({ ...deps, settlement }).sweep,
  };
}

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
  const payments = createPaymentsUseCases({
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
      await app.register(walletRoutes, {
        wallet: service,
        intents: payments.intents,
        pending: payments.pending,
        poll: payments.poll,
        confirmation: payments.confirmation,
        simulate: payments.sandbox.simulate,
        webhooks: payments.webhooks,
      });
      await app.register(walletAdminRoutes, { adjustments });
      if (built.sandbox)
        await app.register(sandboxCheckoutRoutes, {
          sandbox: built.sandbox,
          sandboxPayments: payments.sandbox,
        });
    },
    tasks: [{ name: 'payments:sweep', intervalMs: SWEEP.intervalMs, run: payments.sweep }],
  };
  return { ...module, service, payerRequired: built.provider.payerRequired };
}
