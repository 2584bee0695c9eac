import { randomUUID } from 'node:crypto';
import { AppError } from '../../http/errors.ts';
import { FIVESIM_PRODUCTS } from '../../providers/numbers/fivesim.ts';
import { fivesimNameOf, isoOfFivesimName } from '../../providers/numbers/market/countries.ts';
import { OPERATOR_PATTERN } from '../../providers/numbers/number-provider.ts';
import type { KeyHolder } from '../account/api-keys.service.ts';
import type { CustomerActivations } from '../activations/activations.module.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { type FivesimReply, fivesimOrder, ok, productOf, refuse } from './fivesim-format.ts';
import { createFivesimHistory } from './fivesim-history.ts';
import { createFivesimHosting, type HostingRentals } from './fivesim-hosting.ts';
import { createFivesimReuse } from './fivesim-reuse.ts';
import { findOwnedActivation } from './owned-activation.ts';
import { ANY_OPERATOR, parseMaxPrice } from './protocol-format.ts';
import type { WebhooksService } from './webhooks.service.ts';

/**
 * The 5sim REST API over the store: the same purchases, refunds and limits as handler_api.php, through
 * the activations service, in 5sim's shapes and words.
 */
export function createFivesimAnswers({
  activations,
  catalog,
  ledger,
  webhooks,
  rentals,
}: {
  activations: Pick<
    CustomerActivations,
    'purchase' | 'getByPublicId' | 'cancel' | 'finish' | 'list' | 'reuseNumber'
  >;
  catalog: Pick<CatalogService, 'listProducts' | 'listCountries' | 'listServices'>;
  ledger: Pick<LedgerService, 'walletBalance' | 'listWalletEntries'>;
  webhooks: Pick<WebhooksService, 'rememberKey'>;
  /** Rentals, for 5sim's hosting; without them no hosting is sold and no rental id is found. */
  rentals?: HostingRentals;
}) {
  /** Our service code for a 5sim product name, among the services on sale (tiktok has two codes). */
  async function serviceOf(product: string): Promise<string | undefined> {
    const sold = new Set((await catalog.listServices('BRL', 'en')).map((s) => s.code));
    return Object.entries(FIVESIM_PRODUCTS).find(([code, name]) => name === product && sold.has(code))?.[0];
  }
  const hosting = rentals ? createFivesimHosting({ rentals, serviceOf }) : null;
  /** The holder's rental named by an order id not naming an activation of theirs (one id space, 0033). */
  const ownedRental = async (holder: KeyHolder, id: string) => (hosting ? hosting.owned(holder, id) : null);

  async function profile(holder: KeyHolder): Promise<FivesimReply> {
    const balance = await ledger.walletBalance(holder.userId, holder.currency);
    return ok({
      id: holder.userId,
      balance: balance / 100,
      frozen_balance: 0,
      rating: 96,
      default_country: { name: 'brazil', iso: 'br', prefix: '+55' },
      default_operator: { name: ANY_OPERATOR },
      default_forwarding_number: '',
      vendor: '',
    });
  }

  async function buyActivation(
    holder: KeyHolder,
    path: { country: string; operator: string; product: string },
    query: { maxPrice?: string; reuse?: string },
  ): Promise<FivesimReply> {
    const country = isoOfFivesimName(path.country);
    if (!country) return refuse('bad country');
    // "any", or one operator, bought only among the sellers that sell it.
    const operator = path.operator.toLowerCase();
    if (operator !== ANY_OPERATOR && !OPERATOR_PATTERN.test(operator)) return refuse('bad operator');
    const service = await serviceOf(path.product.toLowerCase());
    if (!service) return refuse('no product');
    // Reusing a number is not offered (yet): refused rather than sold as a new number.
    if (query.reuse !== undefined && query.reuse !== '' && query.reuse !== '0')
      return refuse('reuse not possible');
    const [product] = await catalog.listProducts({ service, country }, holder.currency, 'en');
    if (!product) return refuse('no free phones');
    if (query.maxPrice !== undefined && query.maxPrice !== '') {
      const max = parseMaxPrice(query.maxPrice);
      if (max === null || product.price > max) return refuse('no free phones');
    }
    try {
      const { activation } = await activations.purchase({
        userId: holder.userId,
        productId: product.id,
        currency: holder.currency,
        idempotencyKey: `reseller:${randomUUID()}`,
        limitedByCaller: true,
        operators: [operator],
      });
      if (!activation.phone_number) return refuse('server offline', 503);
      await webhooks.rememberKey(activation.id, holder.keyId);
      return ok(fivesimOrder(activation, null));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.code === 'INSUFFICIENT_FUNDS') return refuse('not enough user balance');
      if (err.code === 'PURCHASE_RATE_LIMITED') return refuse('too many requests', 429);
      // No seller sells that operator in the country: 5sim's answer for an operator it does not know.
      if (err.code === 'OPERATOR_UNAVAILABLE') return refuse('bad operator');
      return refuse('no free phones');
    }
  }

  async function check(holder: KeyHolder, id: string): Promise<FivesimReply> {
    const a = await findOwnedActivation(activations, holder, id);
    if (a) return ok(fivesimOrder(a, a.messages));
    const r = await ownedRental(holder, id);
    return r && hosting ? hosting.shown(r) : refuse('order not found', 404);
  }

  /** `buy/hosting`: a number for a day, as 5sim sells hosting; refused as sold out where none is rented. */
  async function buyHosting(
    holder: KeyHolder,
    path: { country: string; operator: string; product: string },
  ): Promise<FivesimReply> {
    return hosting ? hosting.buyHosting(holder, path) : refuse('no free phones');
  }

  /** finish (after the code), cancel and ban (before it, with the refund): the order as it ends. */
  async function end(holder: KeyHolder, id: string, how: 'finish' | 'cancel' | 'ban'): Promise<FivesimReply> {
    const a = await findOwnedActivation(activations, holder, id);
    if (!a) {
      const r = await ownedRental(holder, id);
      return r && hosting ? hosting.endHosting(holder, r, how) : refuse('order not found', 404);
    }
    const alreadyEnded = how === 'finish' ? a.status === 'finished' : a.settled === 'refunded';
    if (!alreadyEnded) {
      try {
        await (how === 'finish' ? activations.finish : activations.cancel)(holder.userId, a.id);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        if (err.code === 'UPSTREAM_RETRY') return refuse('server offline', 503);
        if (err.code === 'EARLY_CANCEL_DENIED') return refuse('order not ready to cancel');
        if (how !== 'finish' && a.code) return refuse('order has sms');
        return refuse(how === 'finish' ? 'order no sms' : 'order expired');
      }
    }
    const after = await findOwnedActivation(activations, holder, id);
    const ended = after ?? a;
    const shown = fivesimOrder(ended, ended.messages);
    return ok(how === 'ban' ? { ...shown, status: 'BANNED' } : shown);
  }

  async function inbox(holder: KeyHolder, id: string): Promise<FivesimReply> {
    const a = await findOwnedActivation(activations, holder, id);
    if (!a) {
      const r = await ownedRental(holder, id);
      return r && hosting ? hosting.inboxOf(r) : refuse('order not found', 404);
    }
    const data = a.messages.map((m, i) => ({
      ID: i + 1,
      created_at: m.received_at,
      from: '',
      text: m.text,
      code: m.code,
      is_wave: false,
      wave_uuid: '',
    }));
    return ok({ Data: data, Total: data.length });
  }

  /** `{"brazil": {"iso": {"br": 1}, "prefix": {"+55": 1}, "text_en": "Brazil", …}}` for the countries sold. */
  async function countries(): Promise<FivesimReply> {
    const out: Record<string, unknown> = {};
    for (const c of await catalog.listCountries('en')) {
      const name = fivesimNameOf(c.code);
      if (!name) continue;
      out[name] = {
        iso: { [c.code.toLowerCase()]: 1 },
        prefix: { [c.dial_code]: 1 },
        text_en: c.name_en,
        text_ru: c.name_en,
        virtual21: { activation: 1 },
      };
    }
    return ok(out);
  }

  /** `{"whatsapp": {"Category": "activation", "Qty": 120, "Price": 5}}` for one country (operator "any"). */
  async function products(currency: KeyHolder['currency'], path: { country: string; operator: string }) {
    const country = isoOfFivesimName(path.country);
    if (!country) return refuse('bad country');
    if (path.operator.toLowerCase() !== ANY_OPERATOR) return refuse('bad operator');
    const out: Record<string, { Category: string; Qty: number; Price: number }> = {};
    for (const p of await catalog.listProducts({ country }, currency, 'en'))
      out[productOf(p.service_code)] ??= { Category: 'activation', Qty: p.stock, Price: p.price / 100 };
    return ok(out);
  }

  /** `{country: {product: {any: {cost, count, rate}}}}`, filtered by `country` and `product`. */
  async function prices(currency: KeyHolder['currency'], query: { country?: string; product?: string }) {
    const filter: { country?: string; service?: string } = {};
    if (query.country) {
      const country = isoOfFivesimName(query.country);
      if (!country) return refuse('bad country');
      filter.country = country;
    }
    if (query.product) {
      const service = await serviceOf(query.product.toLowerCase());
      if (!service) return refuse('no product');
      filter.service = service;
    }
    const out: Record<
      string,
      Record<string, Record<string, { cost: number; count: number; rate?: number }>>
    > = {};
    for (const p of await catalog.listProducts(filter, currency, 'en')) {
      const name = fivesimNameOf(p.country_code);
      if (!name) continue;
      const byProduct = out[name] ?? {};
      out[name] = byProduct;
      byProduct[productOf(p.service_code)] ??= {
        [ANY_OPERATOR]: {
          cost: p.price / 100,
          count: p.stock,
          ...(p.success_rate === null ? {} : { rate: Math.round(p.success_rate * 1000) / 10 }),
        },
      };
    }
    return ok(out);
  }

  return {
    profile,
    buyActivation,
    buyHosting,
    check,
    end,
    inbox,
    countries,
    products,
    prices,
    ...createFivesimHistory({ activations, ledger, hosting }),
    ...createFivesimReuse({ activations, webhooks }),
  };
}
export type FivesimAnswers = ReturnType<typeof createFivesimAnswers>;
