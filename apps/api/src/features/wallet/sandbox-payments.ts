import type { PaymentIntent } from '@numero/contract/wallet';
import { AppError } from '../../http/errors.ts';
import { type CardDetails, PaymentProviderError } from '../../providers/payments/payment-provider.ts';
import type { OwnedPayments } from './owned-payments.ts';
import type { PaymentSettlement } from './payment-settlement.ts';
import type { PaymentsDeps } from './payments-deps.ts';

/** What the sandbox's payer does: settle a charge at will, or pay or cancel on the hosted checkout page. */
export function createSandboxPayments(
  deps: Pick<PaymentsDeps, 'repository' | 'now' | 'built' | 'sandboxAllowed'> & {
    settlement: Pick<PaymentSettlement, 'providerFailure' | 'applyOutcome' | 'outcomeOf'>;
    payments: OwnedPayments;
  },
) {
  const { repository, now } = deps;
  const { sandbox } = deps.built;
  const { providerFailure, applyOutcome, outcomeOf } = deps.settlement;
  const { owned, toView } = deps.payments;

  /** The payer pays (or fails) now; the sandbox then delivers its signed webhook. */
  async function simulate(userId: string, id: string, outcome: 'paid' | 'failed'): Promise<PaymentIntent> {
    if (!sandbox) throw new AppError('NOT_FOUND', 404);
    if (deps.sandboxAllowed && !(await deps.sandboxAllowed())) throw new AppError('SANDBOX_DISABLED', 403);
    const row = await owned(userId, id);
    if (row.status !== 'pending' || !row.providerRef) throw new AppError('PAYMENT_NOT_PENDING', 409);
    try {
      await sandbox.simulatePayment(row.providerRef, outcome);
    } catch (err) {
      if (err instanceof PaymentProviderError && err.code === 'UNSUPPORTED')
        throw new AppError('PAYMENT_NOT_PENDING', 409);
      throw providerFailure(err);
    }
    return toView(row);
  }

  /** "Cancelar" on the checkout page closes the session at the sandbox and here. */
  async function cancelSandboxCheckout(providerRef: string): Promise<void> {
    const store = deps.built.sandboxStore;
    if (!store) throw new AppError('NOT_FOUND', 404);
    const cancelled = await store.update(
      providerRef,
      { status: 'cancelled', failureReason: null, updatedAt: now() },
      'pending',
    );
    // Paid a moment earlier: that outcome stands and its webhook is on its way.
    if (!cancelled) return;
    const row = await repository.findByRef('sandbox', providerRef);
    if (row) await applyOutcome(row.id, { status: 'cancelled' });
  }

  /**
   * Card on the checkout page: pays at the sandbox and settles here too, so the customer's return lands
   * on a settled payment; the webhook repeats it harmlessly. A decline is thrown as the sandbox's.
   */
  async function paySandboxCheckoutCard(providerRef: string, card: CardDetails): Promise<void> {
    if (!sandbox) throw new AppError('NOT_FOUND', 404);
    const state = await sandbox.confirmCard(providerRef, card);
    const row = await repository.findByRef('sandbox', providerRef);
    if (row) await applyOutcome(row.id, outcomeOf(state));
  }

  return { simulate, cancelSandboxCheckout, paySandboxCheckoutCard };
}
