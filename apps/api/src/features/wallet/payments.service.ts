import type { Currency } from '@numero/contract/common';
import {
  type BoletoPayer,
  type CardInput,
  methodTakesCurrency,
  type PaymentIntent,
  type PaymentMethod,
} from '@numero/contract/wallet';
import { AppError } from '../../http/errors.ts';
import { rateLimited } from '../../http/rate-limit.ts';
import {
  type CardDetails,
  type ChargeState,
  type Payer,
  PaymentProviderError,
  WebhookSignatureError,
} from '../../providers/payments/payment-provider.ts';
import { createPaymentSettlement, type Outcome } from './payment-settlement.ts';
import { toPaymentView } from './payment-view.ts';
import type { PaymentRow } from './payments.repository.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import { formatMoney, topupDescription } from './wallet.service.ts';
import './payments.messages.ts';

/** How often one payment's status may be asked of the provider while a browser polls it. */
export const POLL_RECHECK_MS = 3_000;
/** The sweeper: pending payments older than this are asked about, each at most this often. */
export const SWEEP = {
  intervalMs: 30_000,
  minAgeMs: 60_000,
  recheckMs: 30_000,
  batch: 50,
  /** A payment the provider still calls pending this long after its expiry is closed here. */
  expiryGraceMs: 10 * 60_000,
  /** Rows whose provider call never completed. */
  orphanAfterMs: 5 * 60_000,
} as const;
/** Card charges and checkout sessions without a provider expiry stop being offered after a day. */
const CARD_TTL_MS = 24 * 3_600_000;
const CARD_CONFIRM_LIMIT = { limit: 20, windowMs: 10 * 60_000 };

export interface Payee {
  id: string;
  email: string;
}

export function createPaymentsService(deps: PaymentsDeps) {
  const { repository, limiter, config, now, log } = deps;
  const { provider, sandbox, publicKey } = deps.built;
  const { providerFailure, applyOutcome, outcomeOf, recheck } = createPaymentSettlement(deps);
  const toView = (row: PaymentRow) =>
    toPaymentView(row, now().getTime(), { sandbox: sandbox !== null, publicKey });

  function checkAmount(amount: number, currency: Currency) {
    if (!Number.isSafeInteger(amount)) {
      // A huge or fractional number is refused by the limits first when it is plainly out of range.
      if (Number.isFinite(amount) && amount > config.limits[currency].max)
        throw new AppError('AMOUNT_TOO_HIGH', 422, {
          limit: formatMoney(config.limits[currency].max, currency),
        });
      throw new AppError('AMOUNT_NOT_CENTS', 422);
    }
    const { min, max } = config.limits[currency];
    if (amount < min) throw new AppError('AMOUNT_TOO_LOW', 422, { limit: formatMoney(min, currency) });
    if (amount > max) throw new AppError('AMOUNT_TOO_HIGH', 422, { limit: formatMoney(max, currency) });
  }

  async function limitIntents(userId: string) {
    const hit = await limiter.hit(`payments:intent:${userId}`, config.rateLimit);
    if (hit.count > config.rateLimit.limit) throw rateLimited(hit.resetAt, now(), 'TOPUP_RATE_LIMITED');
  }

  async function owned(userId: string, id: string): Promise<PaymentRow> {
    const row = await repository.findOwned(id, userId);
    if (!row) throw new AppError('PAYMENT_NOT_FOUND', 404);
    return row;
  }

  function checkMethod(method: PaymentMethod, currency: Currency) {
    if (!methodTakesCurrency(method, currency)) throw new AppError('METHOD_CURRENCY_MISMATCH', 422);
    if (!provider.supports(method, currency)) throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 422);
  }

  function payerOf(payer: BoletoPayer | undefined): Payer | undefined {
    if (!payer) return undefined;
    const [firstName = '', ...rest] = payer.name.trim().split(/\s+/);
    return { firstName, lastName: rest.join(' ') || firstName, taxId: payer.tax_id };
  }

  return {
    async createIntent(
      user: Payee,
      input: { amount: number; currency: Currency; method: PaymentMethod; payer?: BoletoPayer },
    ): Promise<PaymentIntent> {
      checkMethod(input.method, input.currency);
      checkAmount(input.amount, input.currency);
      if (input.method === 'boleto' && provider.name === 'mercadopago' && !input.payer)
        throw new AppError('BOLETO_PAYER_REQUIRED', 422);
      await limitIntents(user.id);

      const row = await repository.insert({
        userId: user.id,
        provider: provider.name,
        kind: 'charge',
        method: input.method,
        amount: input.amount,
        currency: input.currency,
        createdAt: now(),
        updatedAt: now(),
      });
      let charge: Awaited<ReturnType<typeof provider.createCharge>>;
      try {
        // Outside any transaction: the provider may take seconds.
        charge = await provider.createCharge({
          paymentId: row.id,
          amount: input.amount,
          currency: input.currency,
          method: input.method,
          payerEmail: user.email,
          description: topupDescription(input.method),
          payer: payerOf(input.payer),
        });
      } catch (err) {
        await repository.update(row.id, { status: 'failed', failureReason: 'not_created', updatedAt: now() });
        throw providerFailure(err);
      }
      const expiresAt =
        charge.expiresAt ??
        (input.method === 'card' ? new Date(row.createdAt.getTime() + CARD_TTL_MS) : null);
      const attached = await repository.attachCharge(row.id, {
        providerRef: charge.providerRef,
        pixCopyPaste: charge.pix?.copyPaste ?? null,
        pixQr: charge.pix?.qrCodeDataUrl ?? null,
        boletoLine: charge.boleto?.digitableLine ?? null,
        boletoUrl: charge.boleto?.url ?? null,
        clientSecret: charge.card?.clientSecret ?? null,
        expiresAt,
        updatedAt: now(),
      });
      if (!attached) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 503);
      if (charge.status !== 'pending')
        return toView((await applyOutcome(row.id, { status: charge.status })).payment);
      return toView(attached);
    },

    async createCheckoutSession(
      user: Payee,
      input: { amount: number; currency: Currency },
    ): Promise<{ id: string; url: string }> {
      checkMethod('card', input.currency);
      checkAmount(input.amount, input.currency);
      await limitIntents(user.id);
      const row = await repository.insert({
        userId: user.id,
        provider: provider.name,
        kind: 'checkout',
        method: 'card',
        amount: input.amount,
        currency: input.currency,
        createdAt: now(),
        updatedAt: now(),
      });
      const back = (result: string) =>
        `${deps.publicUrl}/dashboard/balance?payment=${row.id}&checkout=${result}`;
      let session: { providerRef: string; url: string };
      try {
        session = await provider.createCheckoutSession({
          paymentId: row.id,
          amount: input.amount,
          currency: input.currency,
          method: 'card',
          payerEmail: user.email,
          description: topupDescription('card'),
          successUrl: back('success'),
          cancelUrl: back('cancel'),
        });
      } catch (err) {
        await repository.update(row.id, { status: 'failed', failureReason: 'not_created', updatedAt: now() });
        throw providerFailure(err);
      }
      const attached = await repository.attachCharge(row.id, {
        providerRef: session.providerRef,
        checkoutUrl: session.url,
        expiresAt: new Date(row.createdAt.getTime() + CARD_TTL_MS),
        updatedAt: now(),
      });
      if (!attached) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 503);
      return { id: row.id, url: session.url };
    },

    /** The payment for its owner; a pending one is re-checked with the provider now and then, so a lost webhook costs nothing. */
    async get(userId: string, id: string): Promise<PaymentIntent> {
      const row = await owned(userId, id);
      if (row.status !== 'pending' || !row.providerRef) return toView(row);
      const claimed = await repository.claimCheck(row.id, now(), POLL_RECHECK_MS);
      if (!claimed) return toView(row);
      try {
        return toView(await recheck(claimed));
      } catch (err) {
        log.warn({ err, paymentId: row.id }, 'payment re-check failed');
        return toView(row);
      }
    },

    /** Card: pays with the details (sandbox) or the provider's token. PIX and boleto: asks the provider. */
    async confirm(
      userId: string,
      id: string,
      body: { card?: CardInput; token?: string; brand?: string } | null | undefined,
    ): Promise<PaymentIntent> {
      const row = await owned(userId, id);
      if (row.status === 'paid' || !row.providerRef) return toView(row);
      if (row.method !== 'card' || row.kind !== 'charge') {
        if (row.status !== 'pending') return toView(row);
        await repository.update(row.id, { checkedAt: now(), updatedAt: row.updatedAt });
        try {
          return toView(await recheck(row));
        } catch (err) {
          throw providerFailure(err);
        }
      }
      if (row.status !== 'pending') return toView(row);
      let card: CardDetails;
      if (sandbox) {
        if (!body?.card) throw new AppError('CARD_REQUIRED', 422);
        card = {
          number: body.card.number,
          expMonth: body.card.exp_month,
          expYear: body.card.exp_year,
          cvc: body.card.cvc,
          holderName: body.card.holder_name,
        };
      } else {
        // Real providers collect the card in their own form; raw numbers never pass through here.
        if (body?.card) throw new AppError('CARD_TOKEN_REQUIRED', 422);
        if (!body?.token) throw new AppError('CARD_REQUIRED', 422);
        card = { number: body.token, expMonth: 0, expYear: 0, cvc: '', holderName: '', brand: body.brand };
      }
      const hit = await limiter.hit(`payments:confirm:${userId}`, CARD_CONFIRM_LIMIT);
      if (hit.count > CARD_CONFIRM_LIMIT.limit) throw rateLimited(hit.resetAt, now(), 'TOPUP_RATE_LIMITED');
      let state: ChargeState;
      try {
        state = await provider.confirmCard(row.providerRef, card);
      } catch (err) {
        throw providerFailure(err);
      }
      return toView((await applyOutcome(row.id, outcomeOf(state))).payment);
    },

    /** Sandbox only: the payer pays (or fails) now; the sandbox then delivers its signed webhook. */
    async simulate(userId: string, id: string, outcome: 'paid' | 'failed'): Promise<PaymentIntent> {
      if (!sandbox) throw new AppError('NOT_FOUND', 404);
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
    },

    /**
     * A provider's webhook: the signature is checked on the raw bytes, the event is stored once by id,
     * and the payment settles through applyOutcome, so duplicates, delays and any order credit once.
     */
    async handleWebhook(
      providerName: string,
      rawBody: Buffer,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<{ received: boolean; duplicate?: boolean }> {
      if (providerName !== provider.name) throw new AppError('NOT_FOUND', 404);
      let event: Awaited<ReturnType<typeof provider.parseWebhook>>;
      try {
        event = await provider.parseWebhook(rawBody, headers);
      } catch (err) {
        if (err instanceof WebhookSignatureError) {
          log.warn({ provider: providerName, reason: err.message }, 'webhook refused: bad signature');
          throw new AppError('WEBHOOK_SIGNATURE_INVALID', 400);
        }
        if (err instanceof PaymentProviderError && err.code === 'BAD_REPLY') {
          log.warn({ provider: providerName, reason: err.message }, 'webhook refused: not an event');
          throw new AppError('WEBHOOK_PAYLOAD_INVALID', 400);
        }
        if (err instanceof PaymentProviderError && err.code === 'NOT_FOUND') return { received: true };
        // The provider could not be asked about the event: a 503 makes it deliver again later.
        log.error({ err, provider: providerName }, 'webhook could not be processed');
        throw new AppError('SERVICE_UNAVAILABLE', 503);
      }
      if (!event) return { received: true };

      const stored = await repository.recordEvent(provider.name, event.eventId, payloadOf(rawBody), now());
      if (stored.processed) return { received: true, duplicate: true };
      const row = await repository.findByRef(provider.name, event.providerRef);
      if (!row) {
        // Left unprocessed: polling and the sweeper settle the payment once its reference is known.
        log.warn({ provider: provider.name, eventId: event.eventId }, 'webhook for an unknown charge');
        return { received: true };
      }
      let outcome: Outcome = {
        status: event.status,
        amount: event.amount,
        currency: event.currency,
      };
      if (event.status === 'paid' && (event.amount === undefined || event.currency === undefined)) {
        try {
          outcome = outcomeOf(await provider.getCharge(event.providerRef));
        } catch (err) {
          throw providerFailure(err);
        }
      }
      await applyOutcome(row.id, outcome, { provider: provider.name, eventId: event.eventId });
      return stored.inserted ? { received: true } : { received: true, duplicate: true };
    },

    /** Background: asks the provider about pending payments and closes the ones that ran out. */
    async sweep(): Promise<{ checked: number; orphans: number }> {
      const at = now();
      const orphans = await repository.failOrphans(at, SWEEP.orphanAfterMs);
      const due = await repository.claimDue(at, SWEEP.minAgeMs, SWEEP.recheckMs, SWEEP.batch);
      for (const row of due) {
        let settled: PaymentRow = row;
        try {
          settled = await recheck(row);
        } catch (err) {
          if (!(err instanceof PaymentProviderError && err.code === 'NOT_FOUND')) {
            log.warn({ err, paymentId: row.id }, 'pending payment re-check failed');
            continue;
          }
        }
        const overdue =
          settled.status === 'pending' &&
          settled.expiresAt !== null &&
          settled.expiresAt.getTime() + SWEEP.expiryGraceMs <= now().getTime();
        if (overdue) await applyOutcome(row.id, { status: 'expired' });
      }
      return { checked: due.length, orphans };
    },

    /** Sandbox checkout page: "Cancelar" closes the session at the sandbox and here. */
    async cancelSandboxCheckout(providerRef: string): Promise<void> {
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
    },

    /**
     * Sandbox checkout page, card: pays at the sandbox and settles here too, so the customer's return
     * lands on a settled payment; the webhook repeats it harmlessly. A decline is thrown as the sandbox's.
     */
    async paySandboxCheckoutCard(providerRef: string, card: CardDetails): Promise<void> {
      if (!sandbox) throw new AppError('NOT_FOUND', 404);
      const state = await sandbox.confirmCard(providerRef, card);
      const row = await repository.findByRef('sandbox', providerRef);
      if (row) await applyOutcome(row.id, outcomeOf(state));
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;

function payloadOf(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { raw: rawBody.toString('utf8').slice(0, 10_000) };
  }
}
