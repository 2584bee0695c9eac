import type { Currency } from '@numero/contract/common';
import {
  type BoletoPayer,
  methodTakesCurrency,
  type PaymentIntent,
  type PaymentMethod,
  topupAmountProblem,
} from '@numero/contract/wallet';
import { AppError } from '../../http/errors.ts';
import { rateLimited } from '../../http/rate-limit.ts';
import { failpoint } from '../../lib/failpoint.ts';
import type { CreateChargeInput, Payer } from '../../providers/payments/payment-provider.ts';
import type { OwnedPayments } from './owned-payments.ts';
import type { PaymentSettlement } from './payment-settlement.ts';
import type { PaymentChanges, PaymentRow } from './payments.repository.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import { formatMoney, topupDescription } from './wallet.service.ts';

/** Card charges and checkout sessions without a provider expiry stop being offered after a day. */
const CARD_TTL_MS = 24 * 3_600_000;

export interface Payee {
  id: string;
  email: string;
}

interface Terms {
  kind: PaymentRow['kind'];
  method: PaymentMethod;
  amount: number;
  currency: Currency;
}

/** New top-ups: a PIX, card or boleto charge paid on our page, or a card payment on the provider's hosted page. */
export function createTopupIntents(
  deps: Pick<
    PaymentsDeps,
    'repository' | 'limiter' | 'config' | 'topupLimits' | 'publicUrl' | 'now' | 'built'
  > & {
    settlement: Pick<PaymentSettlement, 'providerFailure' | 'applyOutcome'>;
    payments: Pick<OwnedPayments, 'toView'>;
  },
) {
  const { repository, limiter, config, now } = deps;
  const { provider } = deps.built;
  const { providerFailure, applyOutcome } = deps.settlement;
  const { toView } = deps.payments;

  const limitsNow = deps.topupLimits ?? (async () => config.limits);

  async function checkAmount(amount: number, currency: Currency) {
    const range = (await limitsNow())[currency];
    // The same rule the top-up form applies before sending.
    const problem = topupAmountProblem(amount, range);
    if (problem === 'AMOUNT_NOT_CENTS') throw new AppError(problem, 422);
    if (problem)
      throw new AppError(problem, 422, {
        limit: formatMoney(problem === 'AMOUNT_TOO_LOW' ? range.min : range.max, currency),
      });
  }

  async function checkTerms(method: PaymentMethod, amount: number, currency: Currency) {
    if (!methodTakesCurrency(method, currency)) throw new AppError('METHOD_CURRENCY_MISMATCH', 422);
    if (!provider.supports(method, currency)) throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 422);
    await checkAmount(amount, currency);
  }

  const cardExpiry = (row: PaymentRow) => new Date(row.createdAt.getTime() + CARD_TTL_MS);

  /**
   * The row exists before the provider is asked, so whatever the provider creates has a payment to land
   * on; the call runs outside any transaction because it may take seconds. A call that fails closes its
   * row at once; only a crash mid-call leaves one for the sweeper's orphan pass.
   */
  async function openPayment<T>(
    user: Payee,
    terms: Terms,
    ask: (input: CreateChargeInput) => Promise<T>,
    attachment: (created: T, row: PaymentRow) => Omit<PaymentChanges, 'updatedAt'>,
  ): Promise<{ payment: PaymentRow; created: T }> {
    const hit = await limiter.hit(`payments:intent:${user.id}`, config.rateLimit);
    if (hit.count > config.rateLimit.limit) throw rateLimited(hit.resetAt, now(), 'TOPUP_RATE_LIMITED');
    const row = await repository.insert({
      userId: user.id,
      provider: provider.name,
      ...terms,
      createdAt: now(),
      updatedAt: now(),
    });
    failpoint('topup.after-intent');
    let created: T;
    try {
      created = await ask({
        paymentId: row.id,
        amount: terms.amount,
        currency: terms.currency,
        method: terms.method,
        payerEmail: user.email,
        description: topupDescription(terms.method),
      });
    } catch (err) {
      await repository.update(row.id, { status: 'failed', failureReason: 'not_created', updatedAt: now() });
      throw providerFailure(err);
    }
    failpoint('topup.after-provider');
    const payment = await repository.attachCharge(row.id, { ...attachment(created, row), updatedAt: now() });
    if (!payment) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 503);
    return { payment, created };
  }

  async function createIntent(
    user: Payee,
    input: { amount: number; currency: Currency; method: PaymentMethod; payer?: BoletoPayer },
  ): Promise<PaymentIntent> {
    await checkTerms(input.method, input.amount, input.currency);
    if (provider.payerRequired.includes(input.method) && !input.payer)
      throw new AppError(input.method === 'pix' ? 'PIX_PAYER_REQUIRED' : 'BOLETO_PAYER_REQUIRED', 422);
    const { payment, created: charge } = await openPayment(
      user,
      { kind: 'charge', method: input.method, amount: input.amount, currency: input.currency },
      (base) => provider.createCharge({ ...base, payer: payerOf(input.payer) }),
      (charge, row) => ({
        providerRef: charge.providerRef,
        pixCopyPaste: charge.pix?.copyPaste ?? null,
        pixQr: charge.pix?.qrCodeDataUrl ?? null,
        boletoLine: charge.boleto?.digitableLine ?? null,
        boletoUrl: charge.boleto?.url ?? null,
        clientSecret: charge.card?.clientSecret ?? null,
        expiresAt: charge.expiresAt ?? (input.method === 'card' ? cardExpiry(row) : null),
      }),
    );
    if (charge.status !== 'pending')
      return toView((await applyOutcome(payment.id, { status: charge.status })).payment);
    return toView(payment);
  }

  async function createCheckoutSession(
    user: Payee,
    input: { amount: number; currency: Currency },
  ): Promise<{ id: string; url: string }> {
    await checkTerms('card', input.amount, input.currency);
    const back = (paymentId: string, result: string) =>
      `${deps.publicUrl}/dashboard/balance?payment=${paymentId}&checkout=${result}`;
    const { payment, created: session } = await openPayment(
      user,
      { kind: 'checkout', method: 'card', amount: input.amount, currency: input.currency },
      (base) =>
        provider.createCheckoutSession({
          ...base,
          successUrl: back(base.paymentId, 'success'),
          cancelUrl: back(base.paymentId, 'cancel'),
        }),
      (session, row) => ({
        providerRef: session.providerRef,
        checkoutUrl: session.url,
        expiresAt: cardExpiry(row),
      }),
    );
    return { id: payment.id, url: session.url };
  }

  return { createIntent, createCheckoutSession };
}

function payerOf(payer: BoletoPayer | undefined): Payer | undefined {
  if (!payer) return undefined;
  const [firstName = '', ...rest] = payer.name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') || firstName, taxId: payer.tax_id };
}
