import type { CardInput, PaymentIntent } from '@numero/contract/wallet';
import { AppError } from '../../http/errors.ts';
import { rateLimited } from '../../http/rate-limit.ts';
import type { CardDetails, ChargeState } from '../../providers/payments/payment-provider.ts';
import type { OwnedPayments } from './owned-payments.ts';
import type { PaymentSettlement } from './payment-settlement.ts';
import type { PaymentsDeps } from './payments-deps.ts';

// Card attempts are counted apart from new top-ups: each one is a chance to test a stolen card.
const CARD_CONFIRM_LIMIT = { limit: 20, windowMs: 10 * 60_000 };

type ConfirmBody = { card?: CardInput; token?: string; brand?: string } | null | undefined;

/** The payer's "I have paid" (PIX, boleto) or "pay with this card" on a pending top-up. */
export function createPaymentConfirmation(
  deps: Pick<PaymentsDeps, 'repository' | 'limiter' | 'now' | 'built'> & {
    settlement: Pick<PaymentSettlement, 'providerFailure' | 'applyOutcome' | 'outcomeOf' | 'recheck'>;
    payments: OwnedPayments;
  },
) {
  const { repository, limiter, now } = deps;
  const { provider, sandbox } = deps.built;
  const { providerFailure, applyOutcome, outcomeOf, recheck } = deps.settlement;
  const { owned, toView } = deps.payments;

  function cardOf(body: ConfirmBody): CardDetails {
    if (sandbox) {
      if (!body?.card) throw new AppError('CARD_REQUIRED', 422);
      return {
        number: body.card.number,
        expMonth: body.card.exp_month,
        expYear: body.card.exp_year,
        cvc: body.card.cvc,
        holderName: body.card.holder_name,
      };
    }
    // Real providers collect the card in their own form; raw numbers never pass through here.
    if (body?.card) throw new AppError('CARD_TOKEN_REQUIRED', 422);
    if (!body?.token) throw new AppError('CARD_REQUIRED', 422);
    return { number: body.token, expMonth: 0, expYear: 0, cvc: '', holderName: '', brand: body.brand };
  }

  /** Card: pays with the details (sandbox) or the provider's token. PIX and boleto: asks the provider. */
  async function confirm(userId: string, id: string, body: ConfirmBody): Promise<PaymentIntent> {
    const row = await owned(userId, id);
    if (row.status === 'paid' || !row.providerRef) return toView(row);
    if (row.method !== 'card' || row.kind !== 'charge') {
      if (row.status !== 'pending') return toView(row);
      // Stamped so the poll and the sweeper do not ask the provider again right behind this.
      await repository.update(row.id, { checkedAt: now(), updatedAt: row.updatedAt });
      try {
        return toView(await recheck(row));
      } catch (err) {
        throw providerFailure(err);
      }
    }
    if (row.status !== 'pending') return toView(row);
    const card = cardOf(body);
    const hit = await limiter.hit(`payments:confirm:${userId}`, CARD_CONFIRM_LIMIT);
    if (hit.count > CARD_CONFIRM_LIMIT.limit) throw rateLimited(hit.resetAt, now(), 'TOPUP_RATE_LIMITED');
    let state: ChargeState;
    try {
      state = await provider.confirmCard(row.providerRef, card);
    } catch (err) {
      throw providerFailure(err);
    }
    return toView((await applyOutcome(row.id, outcomeOf(state))).payment);
  }

  return { confirm };
}
