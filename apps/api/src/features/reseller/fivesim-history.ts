import type { KeyHolder } from '../account/api-keys.service.ts';
import type { CustomerActivations } from '../activations/activations.module.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { type FivesimReply, fivesimOrder, ok, refuse } from './fivesim-format.ts';
import type { FivesimHosting } from './fivesim-hosting.ts';

/** A page of history is at most 100 rows, 100 when the client names no limit. */
const MAX_LIMIT = 100;

/** 5sim's names for the kinds of movement a wallet shows. */
const PAYMENT_TYPES: Record<string, string> = {
  topup: 'charge',
  purchase: 'activation',
  capture: 'activation',
  refund: 'refund',
  adjustment: 'adjustment',
};

/**
 * A rental's charges (its price and each extension) carry `rental:<id>` or `rental-extension:<id>`
 * (rentals/rental-money.ts): 5sim calls a rented number "hosting", in its orders' categories as here.
 */
const RENTAL_REFERENCE = /^rental(-extension)?:/;

function paymentType(e: { kind: string; reference: string | null }): string {
  if (e.kind === 'purchase' && e.reference && RENTAL_REFERENCE.test(e.reference)) return 'hosting';
  return PAYMENT_TYPES[e.kind] ?? e.kind;
}

export interface HistoryQuery {
  limit?: string;
  offset?: string;
  reverse?: string;
}

/**
 * One page of `total` rows in 5sim's terms: `limit` rows from `offset`, oldest first unless
 * `reverse=true`, read through `read` from a list kept newest first (5sim's clients order by `id`, and
 * creation time orders the same). Null when a number is not one.
 */
async function readPage<T>(
  query: HistoryQuery,
  total: number,
  read: (skip: number, limit: number) => Promise<T[]>,
): Promise<T[] | null> {
  const number = (value: string | undefined, fallback: number) =>
    value === undefined || value === '' ? fallback : /^\d{1,9}$/.test(value) ? Number(value) : null;
  const limit = number(query.limit, MAX_LIMIT);
  const offset = number(query.offset, 0);
  if (limit === null || offset === null || limit < 1) return null;
  const take = Math.max(0, Math.min(limit, MAX_LIMIT, total - offset));
  if (take === 0) return [];
  if (query.reverse === 'true' || query.reverse === '1') return read(offset, take);
  return (await read(total - offset - take, take)).reverse();
}

/** The key holder's orders and wallet movements, in 5sim's history shapes. */
export function createFivesimHistory({
  activations,
  ledger,
  hosting,
}: {
  activations: Pick<CustomerActivations, 'list'>;
  ledger: Pick<LedgerService, 'listWalletEntries'>;
  /** The holder's rentals, 5sim's hosting category (none without them). */
  hosting?: Pick<FivesimHosting, 'hostingPage'> | null;
}) {
  /** `{Data: [order], ProductNames: [], Statuses: [], Total}`, of activations or of hosting (rentals). */
  async function orders(
    holder: KeyHolder,
    query: HistoryQuery & { category?: string },
  ): Promise<FivesimReply> {
    if (query.category !== 'activation' && query.category !== 'hosting') return refuse('bad category');
    if (query.category === 'hosting') {
      const total = hosting ? (await hosting.hostingPage(holder, 0, 1)).total : 0;
      const rows = await readPage(query, total, async (skip, limit) =>
        hosting ? (await hosting.hostingPage(holder, skip, limit)).items : [],
      );
      if (!rows) return refuse('bad request');
      return ok({ Data: rows, ProductNames: [], Statuses: [], Total: total });
    }
    const total = (await activations.list(holder.userId, { skip: 0, limit: 1 })).total;
    const items = await readPage(
      query,
      total,
      async (skip, limit) => (await activations.list(holder.userId, { skip, limit })).items,
    );
    if (!items) return refuse('bad request');
    const data = items.map((a) =>
      fivesimOrder(
        a,
        a.code ? [{ text: a.sms_text ?? a.code, code: a.code, received_at: a.updated_at }] : [],
      ),
    );
    return ok({ Data: data, ProductNames: [], Statuses: [], Total: total });
  }

  /** `{Data: [{ID, TypeName, ProviderName, Amount, Balance, CreatedAt}], PaymentTypes, PaymentProviders, Total}`. */
  async function payments(holder: KeyHolder, query: HistoryQuery): Promise<FivesimReply> {
    const { total } = await ledger.listWalletEntries(holder.userId, holder.currency, 0, 1);
    const items = await readPage(
      query,
      total,
      async (skip, limit) =>
        (await ledger.listWalletEntries(holder.userId, holder.currency, skip, limit)).items,
    );
    if (!items) return refuse('bad request');
    const data = items.map((e) => ({
      ID: e.id,
      TypeName: paymentType(e),
      ProviderName: e.kind === 'adjustment' ? 'admin' : 'numero',
      Amount: e.amount / 100,
      Balance: e.balanceAfter / 100,
      CreatedAt: new Date(e.createdAt).toISOString(),
    }));
    const names = (values: string[]) => [...new Set(values)].map((Name) => ({ Name }));
    return ok({
      Data: data,
      PaymentTypes: names(data.map((d) => d.TypeName)),
      PaymentProviders: names(data.map((d) => d.ProviderName)),
      Total: total,
    });
  }

  return { orders, payments };
}
