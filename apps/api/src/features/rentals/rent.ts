import { randomUUID } from 'node:crypto';
import type { Currency } from '@numero/contract/common';
import type { RentalDetail, RentalQuote } from '@numero/contract/rentals';
import { RENTAL_HOURS } from '@numero/contract/rentals';
import { AppError } from '../../http/errors.ts';
import { UpstreamError } from '../../providers/numbers/number-provider.ts';
import { rentingSellers, rentWithFailover } from '../../providers/numbers/rent-failover.ts';
import { rentalPrice } from './rental-rules.ts';
import { toRentalDetail } from './rental-view.ts';
import type { RentalRow } from './rentals.repository.ts';
import { type RentalsDeps, sellersInOrder } from './rentals-deps.ts';

/** How soon after a rental starts its first look for SMS is made. */
export const RENT_CHECK_EVERY_MS = 5_000;

export interface RentInput {
  userId: string;
  productId: number;
  currency: Currency;
  hours: number;
  idempotencyKey: string;
  expectedPrice?: number;
  operator?: string;
  /** The protocol key the rental is made with (its webhook hears of each SMS), and the rental's url. */
  apiKeyId?: string | null;
  callbackUrl?: string | null;
}

function rentFailure(code: string): AppError {
  if (code === 'BAD_OPERATOR') return new AppError('OPERATOR_UNAVAILABLE', 409, { operator: '' });
  return code === 'NO_NUMBERS' || code === 'BAD_SERVICE'
    ? new AppError('NO_NUMBERS', 409)
    : new AppError('UPSTREAM_UNAVAILABLE', 503);
}

/** Renting a number: wallet → escrow with the rental, then a number from a seller that rents, or a refund. */
export function createRent(deps: RentalsDeps) {
  const { db, repository, money, catalog, now } = deps;

  /** The durations a product is rented for and their prices; `rentable` false when none. */
  async function quote(productId: number, currency: Currency): Promise<RentalQuote> {
    const product = await catalog.findProduct(productId);
    if (!product) throw new AppError('PRODUCT_NOT_FOUND', 404);
    const settings = await deps.rules.current();
    const sellers = rentingSellers(await sellersInOrder(deps));
    const staffSays = await repository.rentableSetting(productId);
    const open = product.onSale && staffSays !== false && sellers.length > 0;
    const base = currency === 'BRL' ? product.priceBrl : product.priceUsd;
    const durations = open
      ? RENTAL_HOURS.filter((h) => sellers.some((s) => s.rental.hours.includes(h))).flatMap((hours) => {
          const price = rentalPrice(base, hours, settings);
          return price ? [{ hours, price }] : [];
        })
      : [];
    return {
      product_id: productId,
      rentable: durations.length > 0,
      currency,
      cancel_window_minutes: settings.cancel_window_minutes,
      durations,
    };
  }

  async function detail(row: RentalRow): Promise<RentalDetail> {
    return toRentalDetail(row, await repository.messages(row.id), await deps.rules.current(), now());
  }

  async function replay(existing: RentalRow, input: RentInput) {
    if (
      existing.productId !== input.productId ||
      existing.currency !== input.currency ||
      existing.hours !== input.hours
    )
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 409);
    if (existing.status === 'failed') throw rentFailure(existing.failureCode ?? 'UNAVAILABLE');
    return { rental: await detail(existing), created: false };
  }

  async function fail(id: string, code: string) {
    await db.transaction(async (tx) => {
      const row = await repository.lock(id, tx);
      if (row?.status === 'pending')
        await money.refund(tx, row, now(), { status: 'failed', failureCode: code });
    });
  }

  async function rent(input: RentInput): Promise<{ rental: RentalDetail; created: boolean }> {
    const seen = await repository.findByKey(input.userId, input.idempotencyKey);
    if (seen) return replay(seen, input);
    const product = await catalog.findProduct(input.productId);
    if (!product) throw new AppError('PRODUCT_NOT_FOUND', 404);
    const offer = await quote(input.productId, input.currency);
    if (!offer.rentable) throw new AppError('RENTAL_UNAVAILABLE', 422);
    const price = offer.durations.find((d) => d.hours === input.hours)?.price;
    if (!price) throw new AppError('RENTAL_BAD_DURATION', 422);
    if (input.expectedPrice !== undefined && input.expectedPrice !== price)
      throw new AppError('RENTAL_PRICE_CHANGED', 409, { price: String(price) });

    const id = randomUUID();
    const at = now();
    const description = `Locação ${product.serviceName} · ${product.countryCode} (${input.hours} h)`;
    const created = await db.transaction(async (tx) => {
      const inserted = await repository.insertPending(
        {
          id,
          userId: input.userId,
          productId: product.id,
          serviceCode: product.serviceCode,
          countryCode: product.countryCode,
          operator: input.operator ?? null,
          currency: input.currency,
          hours: input.hours,
          price,
          idempotencyKey: input.idempotencyKey,
          apiKeyId: input.apiKeyId ?? null,
          callbackUrl: input.callbackUrl ?? null,
          at,
        },
        tx,
      );
      if (!inserted) return false;
      await deps.audit?.record(
        {
          action: 'RENT_NUMBER',
          actor: { id: input.userId, email: null },
          entityType: 'rentals',
          entityId: id,
          after: { product_id: product.id, hours: input.hours, price, currency: input.currency },
        },
        tx,
      );
      // Last: the transfer locks escrow until the commit.
      await money.chargeRental(
        tx,
        { id, userId: input.userId, currency: input.currency, price },
        description,
      );
      return true;
    });
    if (!created) {
      const winner = await repository.findByKey(input.userId, input.idempotencyKey);
      if (!winner) throw new AppError('RENTAL_PENDING', 409);
      return replay(winner, input);
    }

    // Outside any transaction: the seller may take seconds, and no lock waits for it.
    let served: Awaited<ReturnType<typeof rentWithFailover>>;
    try {
      served = await rentWithFailover(
        await sellersInOrder(deps),
        {
          service: product.serviceCode,
          country: product.countryCode,
          hours: input.hours,
          orderId: id,
          ...(input.operator ? { operator: input.operator } : {}),
        },
        (provider, err) => deps.log?.warn({ provider, err }, 'rent: provider failed, trying the next'),
      );
    } catch (err) {
      const code = err instanceof UpstreamError ? err.code : 'UNAVAILABLE';
      if (!(err instanceof UpstreamError)) deps.log?.warn({ err, rental: id }, 'rent failed unexpectedly');
      await fail(id, code);
      throw rentFailure(code);
    }

    const startedAt = now();
    // Our end is the duration sold from now; the seller's own end is never later than what it was paid.
    const endsAt = new Date(startedAt.getTime() + input.hours * 3_600_000);
    const assigned = await repository.assign(id, {
      provider: served.provider,
      upstreamId: served.upstreamId,
      phoneNumber: served.phoneNumber,
      startedAt,
      endsAt,
      nextCheckAt: new Date(startedAt.getTime() + RENT_CHECK_EVERY_MS),
    });
    if (!assigned) {
      // Refunded by the sweeper while the seller answered: give the number back.
      const seller = deps.providers.find((p) => p.name === served.provider);
      await seller?.rental?.cancel(served.upstreamId).catch(() => undefined);
      throw rentFailure('INTERRUPTED');
    }
    const row = await repository.find(id);
    return { rental: await detail(row!), created: true };
  }

  return { rent, quote, detail };
}
export type Rent = ReturnType<typeof createRent>;
