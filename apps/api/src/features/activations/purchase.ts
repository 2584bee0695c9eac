import { randomUUID } from 'node:crypto';
import { ACTIVATION_TTL_MS, type ActivationDetail } from '@numero/contract/activations';
import type { Currency } from '@numero/contract/common';
import { AppError } from '../../http/errors.ts';
import { type RateLimitRule, rateLimited } from '../../http/rate-limit.ts';
import { failpoint } from '../../lib/failpoint.ts';
import {
  providerByName,
  requestNumberWithFailover,
  type ServedNumber,
} from '../../providers/numbers/failover.ts';
import { ANY_OPERATOR, type NumberProvider, UpstreamError } from '../../providers/numbers/number-provider.ts';
import { flows } from '../ledger/ledger.service.ts';
import { toActivationDto } from './activation-view.ts';
import { type ActivationRow, activationLabel } from './activations.repository.ts';
import type { ActivationsDeps } from './activations-deps.ts';
import { CHECK_EVERY_MS, later } from './check-schedule.ts';
import type { CustomerQueries } from './customer-queries.ts';
import type { InterruptedPurchases } from './interrupted-purchases.ts';
import { ledgerReference, type Settlement } from './settlement.ts';
import type { Upstream } from './upstream.ts';

const DEFAULT_PURCHASE_LIMIT: RateLimitRule = { limit: 10, windowMs: 60_000 };

export interface PurchaseInput {
  userId: string;
  productId: number;
  currency: Currency;
  idempotencyKey: string;
  /** The caller limits its own pace (the reseller protocol, per key): the website's purchase limit is skipped. */
  limitedByCaller?: boolean;
  /**
   * The mobile operators the number may belong to, tried in this order (the protocol's comma-separated
   * list; the website sends one). Absent, empty or holding "any": any operator.
   */
  operators?: readonly string[];
}

function purchaseFailure(code: string | null, operator?: string | null): AppError {
  if (code === 'BAD_OPERATOR') return new AppError('OPERATOR_UNAVAILABLE', 409, { operator: operator ?? '' });
  return code === 'NO_NUMBERS' || code === 'BAD_SERVICE'
    ? new AppError('NO_NUMBERS', 409)
    : new AppError('UPSTREAM_UNAVAILABLE', 503);
}

/** The operators asked for, none meaning any. */
function operatorsAsked(input: PurchaseInput): string[] {
  const asked = [...new Set(input.operators ?? [])];
  return asked.includes(ANY_OPERATOR) ? [] : asked;
}

function notForSale(product: { onSale: boolean; stock: number } | null): AppError | null {
  if (!product) return new AppError('PRODUCT_NOT_FOUND', 404);
  if (!product.onSale) return new AppError('PRODUCT_UNAVAILABLE', 422);
  if (product.stock <= 0) return new AppError('OUT_OF_STOCK', 409);
  return null;
}

/** Buying a number: wallet → escrow with the activation, then a number from upstream, or a refund. */
export function createPurchase(
  deps: Pick<
    ActivationsDeps,
    | 'db'
    | 'repository'
    | 'ledger'
    | 'catalog'
    | 'providers'
    | 'now'
    | 'rateLimiter'
    | 'purchaseLimit'
    | 'rules'
    | 'log'
    | 'operators'
  > & {
    settlement: Pick<Settlement, 'refund'>;
    queries: Pick<CustomerQueries, 'get'>;
    upstream: Pick<Upstream, 'warn' | 'bestEffort'>;
    interrupted: Pick<InterruptedPurchases, 'recordRequest' | 'releasesLateNumber'>;
  },
) {
  const { db, repository, ledger, catalog, providers, now } = deps;
  const { refund } = deps.settlement;
  const getDetail = deps.queries.get;
  const { warn, bestEffort } = deps.upstream;
  const { interrupted } = deps;
  const fixedRules: Awaited<ReturnType<NonNullable<ActivationsDeps['rules']>>> = {
    activationTtlMs: ACTIVATION_TTL_MS,
    purchaseLimit: deps.purchaseLimit ?? DEFAULT_PURCHASE_LIMIT,
  };
  const rules = deps.rules ?? (async () => fixedRules);

  /** A retried request with a key seen before: the same activation, or the same refusal, never a new charge. */
  async function replay(existing: ActivationRow, input: PurchaseInput) {
    if (existing.productId !== input.productId || existing.currency !== input.currency)
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 409);
    if (existing.status === 'failed') throw purchaseFailure(existing.failureCode, existing.operator);
    return { activation: await getDetail(input.userId, existing.id), created: false };
  }

  /** The refusal when the customer is over the purchase limit, else null. */
  async function overLimit(userId: string): Promise<AppError | null> {
    if (!deps.rateLimiter) return null;
    const { purchaseLimit } = await rules();
    const hit = await deps.rateLimiter.hit(`activations:purchase:${userId}`, purchaseLimit);
    return hit.count > purchaseLimit.limit ? rateLimited(hit.resetAt, now(), 'PURCHASE_RATE_LIMITED') : null;
  }

  /** A refusal, unless the request is a retry of one seen before: then what that one got. */
  async function refuseOrReplay(refusal: AppError, input: PurchaseInput) {
    const existing = await repository.findByKey(input.userId, input.idempotencyKey);
    if (existing) return replay(existing, input);
    throw refusal;
  }

  async function failPurchase(id: string, failureCode: string) {
    await db.transaction(async (tx) => {
      const row = await repository.lock(id, tx);
      // The crash sweeper may have refunded it already while upstream was slow.
      if (row?.status === 'pending') await refund(tx, row, 'failed', now(), { failureCode });
    });
  }

  /**
   * A number from the first seller that has one, for each operator asked for in turn, among the sellers
   * that sell it; none asked: one round, any operator. Throws the most telling UpstreamError.
   */
  async function requestUpstream(
    id: string,
    product: { serviceCode: string; countryCode: string },
    sellers: readonly NumberProvider[],
    operators: readonly string[],
  ): Promise<ServedNumber & { operator: string | null }> {
    let failure: UpstreamError | undefined;
    for (const operator of operators.length > 0 ? operators : [undefined]) {
      try {
        const served = await requestNumberWithFailover(
          sellers,
          { service: product.serviceCode, country: product.countryCode, orderId: id, operator },
          (provider, err) => warn(err, 'number provider failed, trying the next', { provider }),
          (provider) => interrupted.recordRequest(id, provider),
          deps.operators?.ofSeller,
        );
        return { ...served, operator: operator ?? null };
      } catch (err) {
        if (!(err instanceof UpstreamError) || !err.retryableElsewhere) throw err;
        // "Nobody sells it" says least: another operator's reason (no stock, an outage) is kept over it.
        if (!failure || failure.code === 'BAD_OPERATOR') failure = err;
      }
    }
    throw failure ?? new UpstreamError('UNAVAILABLE');
  }

  async function purchase(input: PurchaseInput): Promise<{ activation: ActivationDetail; created: boolean }> {
    const { userId, currency, idempotencyKey } = input;
    // A retried request (a key seen before) is recognised where a new purchase would stop: at a refusal
    // below, or at the insert, which the key makes conflict. A purchase that goes through asks nothing more.
    const limited = input.limitedByCaller ? null : await overLimit(userId);
    if (limited) return refuseOrReplay(limited, input);
    const product = await catalog.findProduct(input.productId);
    const refusal = notForSale(product);
    if (!product || refusal) return refuseOrReplay(refusal!, input);
    const price = currency === 'BRL' ? product.priceBrl : product.priceUsd;
    let operators = operatorsAsked(input);
    if (operators.length > 0 && deps.operators) {
      // Asked before any money moves: an operator no seller has is refused, not bought as "any".
      const sold = await deps.operators.list(product.countryCode, product.serviceCode);
      const unsold = operators[0]!;
      operators = operators.filter((o) => sold.includes(o));
      if (operators.length === 0)
        return refuseOrReplay(new AppError('OPERATOR_UNAVAILABLE', 409, { operator: unsold }), input);
    }

    const id = randomUUID();
    const createdAt = now();
    // One transaction: the money leaves the wallet if and only if the activation exists.
    const created = await db.transaction(async (tx) => {
      const inserted = await repository.insertPending(
        {
          id,
          userId,
          productId: product.id,
          serviceCode: product.serviceCode,
          countryCode: product.countryCode,
          currency,
          price,
          idempotencyKey,
          // One operator asked is recorded at once, so a refused purchase still shows what was asked.
          operator: operators.length === 1 ? operators[0]! : null,
          at: createdAt,
        },
        tx,
      );
      if (!inserted) return false;
      // Last: the transfer locks escrow, which every purchase updates, until the commit.
      await ledger.transfer(tx, {
        idempotencyKey: `activation:${id}:purchase`,
        kind: 'purchase',
        currency,
        userId,
        description: activationLabel(product.serviceName, product.countryCode),
        reference: ledgerReference(id),
        legs: flows.purchase(userId, price),
      });
      return true;
    });
    if (!created) {
      // The same key raced in from a concurrent request, which won: answer with its activation.
      const winner = await repository.findByKey(userId, idempotencyKey);
      if (!winner) throw new AppError('ACTIVATION_PENDING', 409);
      return replay(winner, input);
    }
    failpoint('purchase.after-escrow');

    const { activationTtlMs, providerOrder } = await rules();
    const chosen = providerOrder
      ? providerOrder.flatMap((name) => providers.filter((p) => p.name === name))
      : providers;
    // Outside any transaction: upstream may take seconds, and no lock or connection waits for it.
    let served: ServedNumber & { operator: string | null };
    try {
      if (chosen.length === 0)
        throw new UpstreamError('UNAVAILABLE', 'every number provider is switched off');
      served = await requestUpstream(id, product, chosen, operators);
    } catch (err) {
      const code = err instanceof UpstreamError ? err.code : 'UNAVAILABLE';
      if (!(err instanceof UpstreamError))
        warn(err, 'number request failed unexpectedly', { activation: id });
      await failPurchase(id, code);
      throw purchaseFailure(code, operators.join(', '));
    }
    failpoint('purchase.after-upstream');

    const at = now();
    const assigned = await repository.assignNumber(id, {
      provider: served.provider,
      upstreamId: served.upstreamId,
      phoneNumber: served.phoneNumber,
      operator: served.operator,
      assignedAt: at,
      expiresAt: later(at, activationTtlMs),
      nextCheckAt: later(at, CHECK_EVERY_MS),
    });
    if (!assigned) {
      // Refunded (by the sweeper, or staff) while upstream was answering: give the number back, unless
      // the release scheduled with that refund does it, so that it is cancelled once.
      const provider = providerByName(providers, served.provider);
      if (!(await interrupted.releasesLateNumber(id, provider)))
        await bestEffort('cancel', { id }, () => provider.cancel(served.upstreamId));
      throw purchaseFailure('INTERRUPTED');
    }
    // The stock is upstream's count, brought in line by the stock sync: a crash before this line costs
    // nothing but one number too many shown until then, so it needs no transaction with the assignment.
    await catalog.decrementStock(product.id);
    failpoint('purchase.after-record');
    deps.log?.info?.(
      { activation: id, product: product.id, provider: served.provider, price: assigned.price },
      `number sold: ${product.serviceName} · ${product.countryNameEn}`,
    );
    // What the customer sees is the row just written with the product's names: nothing to read again
    // (a number this new has no messages yet; any that comes reaches the page as an event).
    const { serviceName, countryNamePt, countryNameEn } = product;
    const view = { activation: assigned, serviceName, countryNamePt, countryNameEn };
    return { activation: { ...toActivationDto(view, now()), messages: [] }, created: true };
  }

  return { purchase };
}
