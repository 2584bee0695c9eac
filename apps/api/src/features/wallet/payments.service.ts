import { createPaymentConfirmation } from './confirm-payment.ts';
import { createOwnedPayments } from './owned-payments.ts';
import { createPaymentSettlement } from './payment-settlement.ts';
import { createPaymentSweep } from './payment-sweep.ts';
import { createPaymentWebhooks } from './payment-webhooks.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import { createPaymentPoll } from './poll-payment.ts';
import { createSandboxPayments } from './sandbox-payments.ts';
import { createTopupIntents } from './topup-intents.ts';
import './payments.messages.ts';

// Callers outside this folder keep importing these from the service, as before the use cases moved out.
export { SWEEP } from './payment-sweep.ts';
export { POLL_RECHECK_MS } from './poll-payment.ts';
export type { Payee } from './topup-intents.ts';

/** Top-ups over one settlement, so a webhook, a confirm, a poll and the sweeper all credit the same way. */
export function createPaymentsService(deps: PaymentsDeps) {
  const settlement = createPaymentSettlement(deps);
  const payments = createOwnedPayments(deps);
  const intents = createTopupIntents({ ...deps, settlement, payments });
  const sandbox = createSandboxPayments({ ...deps, settlement, payments });

  return {
    createIntent: intents.createIntent,
    createCheckoutSession: intents.createCheckoutSession,
    listPending: payments.listOpen,
    get: createPaymentPoll({ ...deps, settlement, payments }).get,
    confirm: createPaymentConfirmation({ ...deps, settlement, payments }).confirm,
    simulate: sandbox.simulate,
    handleWebhook: createPaymentWebhooks({ ...deps, settlement }).handleWebhook,
    sweep: createPaymentSweep({ ...deps, settlement }).sweep,
    cancelSandboxCheckout: sandbox.cancelSandboxCheckout,
    paySandboxCheckoutCard: sandbox.paySandboxCheckoutCard,
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
