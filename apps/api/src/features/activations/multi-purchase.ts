import { randomUUID } from 'node:crypto';
import { MAX_SERVICES_PER_NUMBER } from '@numero/contract/activation-reuse';
import { ACTIVATION_TTL_MS, type ActivationDetail } from '@numero/contract/activations';
import type { Currency } from '@numero/contract/common';
import { AppError } from '../../http/errors.ts';
import { rateLimited } from '../../http/rate-limit.ts';
import {
  ANY_OPERATOR,
  type MultiServiceNumber,
  type NumberProvider,
  UpstreamError,
} from '../../providers/numbers/number-provider.ts';
import { flows } from '../ledger/ledger.service.ts';
import { type ActivationRow, activationLabel } from './activations.repository.ts';
import type { ActivationsDeps } from './activations-deps.ts';
import { CHECK_EVERY_MS, later } from './check-schedule.ts';
import type { CustomerQueries } from './customer-queries.ts';
import { ledgerReference, type Settlement } from './settlement.ts';
import type { Upstream } from './upstream.ts';
import './reuse.messages.ts';

const DEFAULT_LIMIT = { limit: 10, windowMs: 60_000 };

export interface MultiPurchaseInput {
  userId: string;
  country: string;
  /** Service codes, distinct, 1 to MAX_SERVICES_PER_NUMBER: one activation each, on one number. */
  services: readonly string[];
  currency: Currency;
  idempotencyKey: string;
  operator?: string;
  limitedByCaller?: boolean;
}

function failure(code: string | null, operator?: string): AppError {
  if (code === 'BAD_OPERATOR') return new AppError('OPERATOR_UNAVAILABLE', 409, { operator: operator ?? '' });
  return code === 'NO_NUMBERS' || code === 'BAD_SERVICE'
    ? new AppError('NO_NUMBERS', 409)
    : new AppError('UPSTREAM_UNAVAILABLE', 503);
}

/**
 * Several services on one number (getMultiServiceNumber): one activation per service, each billed,
 * captured and refunded on its own. One transaction writes every activation with its charge (all or
 * none), one seller call outside it gets the number, then each activation gets its own seller id; a
 * seller's refusal refunds them all at once.
 */
export function createMultiPurchase(
  deps: Pick<
    ActivationsDeps,
    | 'db'
    | 'repository'
    | 'ledger'
    | 'catalog'
    | 'findProductId'
    | 'providers'
    | 'operators'
    | 'now'
    | 'rateLimiter'
    | 'rules'
    | 'log'
  > & {
    settlement: Pick<Settlement, 'refund'>;
    queries: Pick<CustomerQueries, 'get'>;
    upstream: Pick<Upstream, 'warn' | 'bestEffort'>;
  },
) {
  const { db, repository, ledger, catalog, now } = deps;
  const keyOf = (input: MultiPurchaseInput, service: string) => `${input.idempotencyKey}:${service}`;

  /** A retried request: the same activations or the same refusal; a key used otherwise is refused. */
  async function replay(input: MultiPurchaseInput, first: ActivationRow) {
    const rows = await Promise.all(
      input.services.map((s) => repository.findByKey(input.userId, keyOf(input, s))),
    );
    const same = rows.every(
      (r, i) => r && r.serviceCode === input.services[i] && r.countryCode === first.countryCode,
    );
    if (!same) throw new AppError('IDEMPOTENCY_KEY_REUSED', 409);
    if (first.status === 'failed') throw failure(first.failureCode, input.operator);
    const activations = await Promise.all(rows.map((r) => deps.queries.get(input.userId, r!.id)));
    return { activations, created: false };
  }

  async function refusedUnlessRetry(input: MultiPurchaseInput, refusal: AppError) {
    const first = await repository.findByKey(input.userId, keyOf(input, input.services[0]!));
    if (first) return replay(input, first);
    throw refusal;
  }

  async function products(input: MultiPurchaseInput) {
    const found = [];
    for (const service of input.services) {
      const id = await deps.findProductId?.(service, input.country);
      const product = id ? await catalog.findProduct(id) : null;
      if (!product) throw new AppError('PRODUCT_NOT_FOUND', 404);
      if (!product.onSale) throw new AppError('PRODUCT_UNAVAILABLE', 422);
      if (product.stock <= 0) throw new AppError('OUT_OF_STOCK', 409);
      found.push({ ...product, price: input.currency === 'BRL' ? product.priceBrl : product.priceUsd });
    }
    return found;
  }

  async function overLimit(userId: string): Promise<AppError | null> {
    if (!deps.rateLimiter) return null;
    const limit = (await deps.rules?.())?.purchaseLimit ?? DEFAULT_LIMIT;
    const hit = await deps.rateLimiter.hit(`activations:purchase:${userId}`, limit);
    return hit.count > limit.limit ? rateLimited(hit.resetAt, now(), 'PURCHASE_RATE_LIMITED') : null;
  }

  /** The number from the first seller, in the store's order, that sells several services at once. */
  async function fromSellers(ids: string[], input: MultiPurchaseInput) {
    const order = (await deps.rules?.())?.providerOrder;
    const enabled = order ? order.flatMap((n) => deps.providers.filter((p) => p.name === n)) : deps.providers;
    const sellers = enabled.filter((p) => p.requestMultiServiceNumber);
    let last: UpstreamError = new UpstreamError('NO_NUMBERS', 'no seller sells several services on a number');
    for (const seller of sellers) {
      try {
        const served = await seller.requestMultiServiceNumber!({
          services: input.services,
          country: input.country,
          orderId: ids[0]!,
          operator: input.operator,
        });
        return { seller, served };
      } catch (err) {
        if (!(err instanceof UpstreamError) || !err.retryableElsewhere) throw err;
        deps.upstream.warn(err, 'number provider failed, trying the next', { provider: seller.name });
        last = err;
      }
    }
    throw last;
  }

  async function refundAll(ids: string[], failureCode: string) {
    await db.transaction(async (tx) => {
      for (const id of ids) {
        const row = await repository.lock(id, tx);
        if (row?.status === 'pending')
          await deps.settlement.refund(tx, row, 'failed', now(), { failureCode });
      }
    });
  }

  async function assign(
    ids: string[],
    seller: NumberProvider,
    served: MultiServiceNumber,
    input: MultiPurchaseInput,
  ) {
    const at = now();
    const ttl = (await deps.rules?.())?.activationTtlMs ?? ACTIVATION_TTL_MS;
    for (const [i, service] of input.services.entries()) {
      const upstreamId = served.activations.find((a) => a.service === service)?.upstreamId;
      const assigned = upstreamId
        ? await repository.assignNumber(ids[i]!, {
            provider: seller.name,
            upstreamId,
            phoneNumber: served.phoneNumber,
            operator: input.operator ?? null,
            assignedAt: at,
            expiresAt: later(at, ttl),
            nextCheckAt: later(at, CHECK_EVERY_MS),
          })
        : null;
      // Refunded while the seller was answering (the sweeper), or a service the seller left out.
      if (!assigned) {
        if (upstreamId)
          await deps.upstream.bestEffort('cancel', { id: ids[i]! }, () => seller.cancel(upstreamId));
        else await refundAll([ids[i]!], 'BAD_REPLY');
      }
    }
  }

  async function purchaseMulti(
    input: MultiPurchaseInput,
  ): Promise<{ activations: ActivationDetail[]; created: boolean }> {
    const services = [...new Set(input.services)];
    if (
      services.length === 0 ||
      services.length > MAX_SERVICES_PER_NUMBER ||
      services.length !== input.services.length
    )
      throw new AppError('MULTI_SERVICE_INVALID', 422, { max: String(MAX_SERVICES_PER_NUMBER) });
    const operator = input.operator && input.operator !== ANY_OPERATOR ? input.operator : undefined;
    const asked = { ...input, operator };
    const limited = input.limitedByCaller ? null : await overLimit(input.userId);
    if (limited) return refusedUnlessRetry(asked, limited);
    let found: Awaited<ReturnType<typeof products>>;
    try {
      found = await products(asked);
    } catch (err) {
      if (err instanceof AppError) return refusedUnlessRetry(asked, err);
      throw err;
    }
    if (operator && deps.operators) {
      const sold = await deps.operators.list(input.country, services[0]);
      if (!sold.includes(operator))
        return refusedUnlessRetry(asked, new AppError('OPERATOR_UNAVAILABLE', 409, { operator }));
    }

    const ids = services.map(() => randomUUID());
    const at = now();
    // One transaction: every activation and its charge, or none (a wallet short of the total buys nothing).
    const created = await db.transaction(async (tx) => {
      for (const [i, product] of found.entries()) {
        const inserted = await repository.insertPending(
          {
            id: ids[i]!,
            userId: input.userId,
            productId: product.id,
            serviceCode: product.serviceCode,
            countryCode: product.countryCode,
            currency: input.currency,
            price: product.price,
            idempotencyKey: keyOf(asked, product.serviceCode),
            operator: operator ?? null,
            at,
          },
          tx,
        );
        if (!inserted) {
          if (i === 0) return false;
          // Part of the key was used by another purchase: roll back, the key is refused below.
          throw new AppError('IDEMPOTENCY_KEY_REUSED', 409);
        }
      }
      for (const [i, product] of found.entries()) {
        await ledger.transfer(tx, {
          idempotencyKey: `activation:${ids[i]}:purchase`,
          kind: 'purchase',
          currency: input.currency,
          userId: input.userId,
          description: activationLabel(product.serviceName, product.countryCode),
          reference: ledgerReference(ids[i]!),
          legs: flows.purchase(input.userId, product.price),
        });
      }
      return true;
    });
    if (!created) return refusedUnlessRetry(asked, new AppError('ACTIVATION_PENDING', 409));

    // Outside any transaction: the seller may take seconds. A crash here leaves the rows pending, which the
    // sweeper refunds after a minute; no request is recorded, as a lookup by order id would buy a new number.
    let result: Awaited<ReturnType<typeof fromSellers>>;
    try {
      result = await fromSellers(ids, asked);
    } catch (err) {
      const code = err instanceof UpstreamError ? err.code : 'UNAVAILABLE';
      if (!(err instanceof UpstreamError)) deps.upstream.warn(err, 'multi-service number failed', { ids });
      await refundAll(ids, code);
      throw failure(code, operator);
    }
    await assign(ids, result.seller, result.served, asked);
    for (const product of found) await catalog.decrementStock(product.id);
    deps.log?.info?.(
      { activations: ids, provider: result.seller.name },
      `number sold for ${services.join(', ')} · ${input.country}`,
    );
    const activations = await Promise.all(ids.map((id) => deps.queries.get(input.userId, id)));
    return { activations, created: true };
  }

  return { purchaseMulti };
}
