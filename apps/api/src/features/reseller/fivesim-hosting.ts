import { randomUUID } from 'node:crypto';
import type { RentalDetail } from '@numero/contract/rentals';
import { AppError } from '../../http/errors.ts';
import { isoOfFivesimName } from '../../providers/numbers/market/countries.ts';
import { OPERATOR_PATTERN } from '../../providers/numbers/number-provider.ts';
import type { KeyHolder } from '../account/api-keys.service.ts';
import type { RentalsService } from '../rentals/rentals.service.ts';
import { type FivesimReply, fivesimHostingOrder, ok, refuse } from './fivesim-format.ts';
import { ANY_OPERATOR, activationIdParam } from './protocol-format.ts';

/**
 * The one term 5sim sells hosting for: a day (the store's own 5sim adapter buys it as 24 h too, and
 * 5sim's API lets a buyer choose no other).
 */
export const HOSTING_HOURS = 24;

export type HostingRentals = Pick<
  RentalsService,
  'rent' | 'rentOffers' | 'findByPublicId' | 'get' | 'messages' | 'list' | 'cancelRow' | 'finishRow'
>;

/** Which rental errors end a 5sim call with which of 5sim's words. */
function buyRefusal(err: unknown): FivesimReply {
  if (!(err instanceof AppError)) throw err;
  switch (err.code) {
    case 'INSUFFICIENT_FUNDS':
      return refuse('not enough user balance');
    case 'OPERATOR_UNAVAILABLE':
      return refuse('bad operator');
    case 'UPSTREAM_UNAVAILABLE':
      return refuse('server offline', 503);
    default:
      return refuse('no free phones');
  }
}

/**
 * 5sim's hosting over the store's rentals: `buy/hosting` rents for a day through the rentals service
 * (wallet → escrow, the seller asked outside the transaction, refunded if none serves), and the order
 * paths (`check`, `finish`, `cancel`, `ban`, `sms/inbox`, `orders?category=hosting`) answer for a rental
 * id with the rentals' rules: a cancel refunds only inside the refund window before any SMS.
 */
export function createFivesimHosting(deps: {
  rentals: HostingRentals;
  /** Our service code for a 5sim product name, among the services on sale. */
  serviceOf: (product: string) => Promise<string | undefined>;
}) {
  const { rentals } = deps;

  /** The key holder's rental named by an order id, with its SMS; null when it names none of theirs. */
  async function owned(holder: KeyHolder, id: string): Promise<RentalDetail | null> {
    const publicId = activationIdParam(id);
    if (publicId === null) return null;
    const row = await rentals.findByPublicId(holder.userId, publicId);
    return row ? rentals.get(holder.userId, row.id) : null;
  }

  const shown = (r: RentalDetail) => ok(fivesimHostingOrder(r, r.messages));

  async function buyHosting(
    holder: KeyHolder,
    path: { country: string; operator: string; product: string },
  ): Promise<FivesimReply> {
    const country = isoOfFivesimName(path.country);
    if (!country) return refuse('bad country');
    const operator = path.operator.toLowerCase();
    if (operator !== ANY_OPERATOR && !OPERATOR_PATTERN.test(operator)) return refuse('bad operator');
    const service = await deps.serviceOf(path.product.toLowerCase());
    if (!service) return refuse('no product');
    const offer = (await rentals.rentOffers(country, holder.currency, HOSTING_HOURS)).find(
      (o) => o.serviceCode === service,
    );
    if (!offer) return refuse('no free phones');
    try {
      const { rental } = await rentals.rent({
        userId: holder.userId,
        productId: offer.productId,
        currency: holder.currency,
        hours: HOSTING_HOURS,
        idempotencyKey: `reseller-hosting:${randomUUID()}`,
        ...(operator === ANY_OPERATOR ? {} : { operator }),
        // The key's webhook hears of each SMS, as it does for its activations.
        apiKeyId: holder.keyId,
        callbackUrl: null,
      });
      return ok(fivesimHostingOrder(rental, null));
    } catch (err) {
      return buyRefusal(err);
    }
  }

  /**
   * finish: ends an active rental, its price kept; cancel: the full refund inside the window with no
   * SMS, else 5sim's refusal ("order has sms", "hosting order" once the window is over, as 5sim refuses
   * to cancel hosting); ban is not a rental's, refused as hosting. An order already ended so is answered
   * as it is, as the activation paths do.
   */
  async function endHosting(
    holder: KeyHolder,
    r: RentalDetail,
    how: 'finish' | 'cancel' | 'ban',
  ): Promise<FivesimReply> {
    if (how === 'ban') return refuse('hosting order');
    const done = how === 'finish' ? 'finished' : 'cancelled';
    if (r.status === done) return shown(r);
    if (r.status !== 'active') return refuse('order expired');
    if (how === 'cancel' && r.sms_count > 0) return refuse('order has sms');
    try {
      await (how === 'finish' ? rentals.finishRow : rentals.cancelRow)(holder.userId, r.id);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      switch (err.code) {
        case 'RENTAL_ALREADY_FINISHED':
        case 'RENTAL_ALREADY_CANCELLED':
          break;
        case 'RENTAL_HAS_SMS':
          return refuse('order has sms');
        case 'RENTAL_CANCEL_WINDOW_OVER':
          return refuse('hosting order');
        default:
          return refuse('order expired');
      }
    }
    return shown(await rentals.get(holder.userId, r.id));
  }

  function inboxOf(r: RentalDetail): FivesimReply {
    const data = r.messages.map((m, i) => ({
      ID: i + 1,
      created_at: m.received_at,
      from: m.sender,
      text: m.text,
      code: m.code ?? '',
      is_wave: false,
      wave_uuid: '',
    }));
    return ok({ Data: data, Total: data.length });
  }

  /** A page of the holder's rentals, newest first, each with its SMS, for `orders?category=hosting`. */
  async function hostingPage(holder: KeyHolder, skip: number, limit: number) {
    const page = await rentals.list(holder.userId, { skip, limit });
    const items = await Promise.all(
      page.items.map(async (r) => {
        const { messages } = await rentals.get(holder.userId, r.id);
        return fivesimHostingOrder(r, messages);
      }),
    );
    return { items, total: page.total };
  }

  return { owned, shown, buyHosting, endHosting, inboxOf, hostingPage };
}
export type FivesimHosting = ReturnType<typeof createFivesimHosting>;
