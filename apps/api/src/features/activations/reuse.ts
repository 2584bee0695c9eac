import { randomUUID } from 'node:crypto';
import type { ReuseQuote } from '@numero/contract/activation-reuse';
import { ACTIVATION_TTL_MS, type ActivationDetail } from '@numero/contract/activations';
import { AppError } from '../../http/errors.ts';
import { rateLimited } from '../../http/rate-limit.ts';
import type { NumberProvider, ReusableNumber } from '../../providers/numbers/number-provider.ts';
import { UpstreamError } from '../../providers/numbers/number-provider.ts';
import { flows } from '../ledger/ledger.service.ts';
import { type ActivationRow, activationLabel } from './activations.repository.ts';
import type { ActivationsDeps } from './activations-deps.ts';
import { CHECK_EVERY_MS, later } from './check-schedule.ts';
import type { CustomerQueries } from './customer-queries.ts';
import { ledgerReference, type Settlement } from './settlement.ts';
import type { Upstream } from './upstream.ts';
import './reuse.messages.ts';

export interface ReuseInput {
  userId: string;
  /** The customer's earlier activation whose number is wanted again. */
  activationId: string;
  idempotencyKey: string;
  /** The caller limits its own pace (the reseller protocol, per key): the website's purchase limit is skipped. */
  limitedByCaller?: boolean;
}

const DEFAULT_LIMIT = { limit: 10, windowMs: 60_000 };

/** The seller's refusal, or its having no such activation any more: the number cannot be had again. */
const REFUSALS = new Set(['REUSE_REFUSED', 'NOT_FOUND']);

function reuseFailure(code: string | null): AppError {
  if (code && REFUSALS.has(code)) return new AppError('REUSE_NOT_AVAILABLE', 409);
  return new AppError('UPSTREAM_UNAVAILABLE', 503);
}

/** Only a number that received its code (its price charged) has an account on it to verify again. */
function reuseRefusal(row: ActivationRow): AppError | null {
  if (row.settled !== 'captured' || !row.phoneNumber || !row.upstreamId || !row.provider)
    return new AppError('REUSE_NOT_ALLOWED', 409);
  return null;
}

const asReusable = (row: ActivationRow): ReusableNumber => ({
  upstreamId: row.upstreamId!,
  phoneNumber: row.phoneNumber!,
  service: row.serviceCode,
  country: row.countryCode,
});

/**
 * "Use this number again": a new activation on the number of a customer's earlier one, bought from the
 * seller that sold that number (no failover: no other seller has it). It is charged and settled like a
 * purchase: wallet → escrow with the new row in one transaction, the seller asked outside it, a refund
 * at once when the seller refuses, then capture on the code or a refund on expiry or cancel.
 */
export function createReuse(
  deps: Pick<
    ActivationsDeps,
    'db' | 'repository' | 'ledger' | 'catalog' | 'providers' | 'now' | 'rateLimiter' | 'rules' | 'log'
  > & {
    settlement: Pick<Settlement, 'refund'>;
    queries: Pick<CustomerQueries, 'get'>;
    upstream: Pick<Upstream, 'warn' | 'bestEffort'>;
  },
) {
  const { db, repository, ledger, catalog, now } = deps;
  const { warn, bestEffort } = deps.upstream;

  async function ownedOrThrow(userId: string, id: string): Promise<ActivationRow> {
    const row = await repository.findOwned(userId, id);
    if (!row) throw new AppError('ACTIVATION_NOT_FOUND', 404);
    return row;
  }

  /** The seller that sold the number, when it sells numbers again; null otherwise. */
  function sellerOf(row: ActivationRow): NumberProvider | null {
    const seller = deps.providers.find((p) => p.name === row.provider);
    return seller?.reuseNumber ? seller : null;
  }

  async function productOf(row: ActivationRow) {
    const product = await catalog.findProduct(row.productId);
    const price = product ? (row.currency === 'BRL' ? product.priceBrl : product.priceUsd) : row.price;
    return { product, price };
  }

  /** What a reuse would cost, and whether the seller would sell the number again now; nothing is charged. */
  async function quote(userId: string, id: string): Promise<ReuseQuote> {
    const row = await ownedOrThrow(userId, id);
    const { product, price } = await productOf(row);
    const answer = (reason: ReuseQuote['reason']): ReuseQuote => ({
      activation_id: row.id,
      phone_number: row.phoneNumber ?? '',
      service_name: product?.serviceName ?? row.serviceCode,
      available: reason === null,
      price,
      currency: row.currency,
      reason,
    });
    if (reuseRefusal(row) || !product?.onSale) return answer('REUSE_NOT_ALLOWED');
    const seller = sellerOf(row);
    if (!seller) return answer('REUSE_NOT_AVAILABLE');
    try {
      await seller.reusePrice?.(asReusable(row));
    } catch (err) {
      if (err instanceof UpstreamError && REFUSALS.has(err.code)) return answer('REUSE_NOT_AVAILABLE');
      // The seller could not say now: the reuse itself asks again, and refunds if it is refused.
      warn(err, 'reuse price unknown', { activation: row.id });
    }
    return answer(null);
  }

  async function overLimit(userId: string): Promise<AppError | null> {
    if (!deps.rateLimiter) return null;
    const limit = (await deps.rules?.())?.purchaseLimit ?? DEFAULT_LIMIT;
    const hit = await deps.rateLimiter.hit(`activations:purchase:${userId}`, limit);
    return hit.count > limit.limit ? rateLimited(hit.resetAt, now(), 'PURCHASE_RATE_LIMITED') : null;
  }

  /** A retried request: the same activation, or the same refusal, never a second charge. */
  async function replay(existing: ActivationRow, input: ReuseInput) {
    if (existing.reusedFrom !== input.activationId) throw new AppError('IDEMPOTENCY_KEY_REUSED', 409);
    if (existing.status === 'failed') throw reuseFailure(existing.failureCode);
    return { activation: await deps.queries.get(input.userId, existing.id), created: false };
  }

  async function failReuse(id: string, failureCode: string) {
    await db.transaction(async (tx) => {
      const row = await repository.lock(id, tx);
      if (row?.status === 'pending') await deps.settlement.refund(tx, row, 'failed', now(), { failureCode });
    });
  }

  async function reuse(input: ReuseInput): Promise<{ activation: ActivationDetail; created: boolean }> {
    const { userId, idempotencyKey } = input;
    const original = await ownedOrThrow(userId, input.activationId);
    const seen = await repository.findByKey(userId, idempotencyKey);
    if (seen) return replay(seen, input);
    const refusal = reuseRefusal(original);
    if (refusal) throw refusal;
    const { product, price } = await productOf(original);
    if (!product?.onSale) throw new AppError('PRODUCT_UNAVAILABLE', 422);
    const seller = sellerOf(original);
    if (!seller) throw new AppError('REUSE_NOT_AVAILABLE', 409);
    const limited = input.limitedByCaller ? null : await overLimit(userId);
    if (limited) throw limited;

    const id = randomUUID();
    const { currency } = original;
    // One transaction: the money leaves the wallet if and only if the new activation exists.
    const created = await db.transaction(async (tx) => {
      const inserted = await repository.insertPending(
        {
          id,
          userId,
          productId: original.productId,
          serviceCode: original.serviceCode,
          countryCode: original.countryCode,
          currency,
          price,
          idempotencyKey,
          operator: original.operator,
          at: now(),
        },
        tx,
      );
      if (!inserted) return false;
      await repository.update(id, { reusedFrom: original.id }, tx);
      await ledger.transfer(tx, {
        idempotencyKey: `activation:${id}:purchase`,
        kind: 'purchase',
        currency,
        userId,
        description: activationLabel(product.serviceName, original.countryCode),
        reference: ledgerReference(id),
        legs: flows.purchase(userId, price),
      });
      return true;
    });
    if (!created) {
      const winner = await repository.findByKey(userId, idempotencyKey);
      if (!winner) throw new AppError('ACTIVATION_PENDING', 409);
      return replay(winner, input);
    }

    // Outside any transaction. A crash here leaves the row pending, refunded by the sweeper after a minute;
    // no seller request is recorded for it, since looking a reuse up by order id would buy a new number.
    let served: { upstreamId: string; phoneNumber: string };
    try {
      served = await seller.reuseNumber!(asReusable(original), id);
    } catch (err) {
      const code = err instanceof UpstreamError ? err.code : 'UNAVAILABLE';
      if (!(err instanceof UpstreamError)) warn(err, 'reuse failed unexpectedly', { activation: id });
      await failReuse(id, code);
      throw reuseFailure(code);
    }

    const at = now();
    const ttl = (await deps.rules?.())?.activationTtlMs ?? ACTIVATION_TTL_MS;
    const assigned = await repository.assignNumber(id, {
      provider: seller.name,
      upstreamId: served.upstreamId,
      phoneNumber: served.phoneNumber,
      operator: original.operator,
      assignedAt: at,
      expiresAt: later(at, ttl),
      nextCheckAt: later(at, CHECK_EVERY_MS),
    });
    if (!assigned) {
      // Refunded by the sweeper while the seller was answering: give the number back.
      await bestEffort('cancel', { id }, () => seller.cancel(served.upstreamId));
      throw new AppError('UPSTREAM_UNAVAILABLE', 503);
    }
    deps.log?.info?.(
      { activation: id, reusedFrom: original.id, provider: seller.name, price },
      `number sold again: ${product.serviceName} · ${product.countryNameEn}`,
    );
    return { activation: await deps.queries.get(userId, id), created: true };
  }

  /** A reuse of the user's latest activation on a number (for one of the services), as 5sim names it. */
  async function reuseNumber(
    input: Omit<ReuseInput, 'activationId'> & { phoneNumber: string; services: string[] },
  ) {
    const id = await repository.findLatestOnNumber(input.userId, input.phoneNumber, input.services);
    if (!id) throw new AppError('ACTIVATION_NOT_FOUND', 404);
    return reuse({ ...input, activationId: id });
  }

  return { quote, reuse, reuseNumber };
}
export type Reuse = ReturnType<typeof createReuse>;
