import type { Currency } from '@numero/contract/common';
import { AppError } from '../../http/errors.ts';
import { failpoint } from '../../lib/failpoint.ts';
import {
  type ChargeState,
  type ChargeStatus,
  PaymentProviderError,
} from '../../providers/payments/payment-provider.ts';
import { flows } from '../ledger/ledger.service.ts';
import type { PaymentRow } from './payments.repository.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import { topupDescription } from './wallet.service.ts';

export interface Outcome {
  status: ChargeStatus;
  amount?: number;
  currency?: Currency;
  failureReason?: string | null;
}

/** How a payment settles, whoever learns the provider's word first: a webhook, a poll, a confirm, the sweeper. */
export function createPaymentSettlement(
  deps: Pick<PaymentsDeps, 'db' | 'repository' | 'ledger' | 'now' | 'log' | 'built'>,
) {
  const { db, repository, ledger, now, log } = deps;
  const { provider } = deps.built;

  /** The provider's words in the store's: what the caller can act on, never the provider's text. */
  function providerFailure(err: unknown): AppError {
    if (err instanceof AppError) return err;
    if (err instanceof PaymentProviderError) {
      if (err.code === 'NOT_FOUND') return new AppError('PAYMENT_NOT_FOUND', 404);
      if (err.code === 'UNSUPPORTED') return new AppError('PAYMENT_METHOD_UNAVAILABLE', 422);
      if (err.code === 'DECLINED' || err.code === 'INSUFFICIENT_FUNDS') {
        if (err.message.startsWith('invalid_number')) return new AppError('CARD_NUMBER_INVALID', 422);
        if (err.message.startsWith('invalid_expiry')) return new AppError('CARD_EXPIRY_INVALID', 422);
        if (err.message.startsWith('invalid_cvc')) return new AppError('CARD_CVC_INVALID', 422);
        return new AppError('CARD_DECLINED', 422);
      }
    }
    log.error({ err }, 'payment provider call failed');
    return new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 503);
  }

  /**
   * The one place a payment settles, under the row's lock: 'paid' credits the wallet exactly once (the
   * ledger key and the status change commit together); a later failure never takes a credit back; a
   * failure or expiry only closes a payment still pending; an amount or currency that differs from
   * ours credits nothing.
   */
  async function applyOutcome(
    paymentId: string,
    outcome: Outcome,
    event?: { provider: string; eventId: string },
  ): Promise<{ payment: PaymentRow; credited: boolean }> {
    return db.transaction(async (tx) => {
      const row = await repository.lock(paymentId, tx);
      if (!row) throw new AppError('PAYMENT_NOT_FOUND', 404);
      const at = now();
      if (event) await repository.markEventProcessed(event.provider, event.eventId, at, tx);
      if (row.status === 'paid' || outcome.status === 'pending') return { payment: row, credited: false };

      if (outcome.status === 'paid') {
        const sameTerms =
          (outcome.amount === undefined || outcome.amount === row.amount) &&
          (outcome.currency === undefined || outcome.currency === row.currency);
        if (!sameTerms) {
          log.error(
            {
              paymentId: row.id,
              expected: { amount: row.amount, currency: row.currency },
              reported: { amount: outcome.amount, currency: outcome.currency },
            },
            'payment reported paid with other terms: not credited',
          );
          if (row.status !== 'pending') return { payment: row, credited: false };
          const failed = await repository.update(
            row.id,
            { status: 'failed', failureReason: 'amount_mismatch', updatedAt: at },
            tx,
          );
          return { payment: failed!, credited: false };
        }
        const credited = await ledger.transfer(tx, {
          idempotencyKey: `payment:${row.id}:credit`,
          kind: 'topup',
          currency: row.currency,
          userId: row.userId,
          description: topupDescription(row.method),
          reference: `payment:${row.id}`,
          legs: flows.topup(row.userId, row.amount),
        });
        const paid = await repository.update(
          row.id,
          { status: 'paid', creditedAt: at, failureReason: null, updatedAt: at },
          tx,
        );
        // Inside the transaction: a crash here must credit nothing, and the payment stays payable.
        failpoint('topup.credit');
        if (credited)
          log.info(
            { paymentId: row.id, user: row.userId, amount: row.amount, currency: row.currency },
            'top-up credited',
          );
        return { payment: paid!, credited };
      }

      if (row.status !== 'pending') return { payment: row, credited: false };
      const closed = await repository.update(
        row.id,
        { status: outcome.status, failureReason: outcome.failureReason ?? null, updatedAt: at },
        tx,
      );
      return { payment: closed!, credited: false };
    });
  }

  function outcomeOf(state: ChargeState): Outcome {
    return {
      status: state.status,
      amount: state.amount,
      currency: state.currency,
      failureReason: state.failureReason ?? null,
    };
  }

  /** Asks the provider (no transaction open) and settles what it says. */
  async function recheck(row: PaymentRow): Promise<PaymentRow> {
    const state = await provider.getCharge(row.providerRef!);
    return (await applyOutcome(row.id, outcomeOf(state))).payment;
  }

  return { providerFailure, applyOutcome, outcomeOf, recheck };
}
export type PaymentSettlement = ReturnType<typeof createPaymentSettlement>;
