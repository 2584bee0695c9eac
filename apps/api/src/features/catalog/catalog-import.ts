import { setImmediate as turn } from 'node:timers/promises';
import { MAX_PRICE_CENTS, ServiceCode } from '@numero/contract/catalog';
import type { CatalogImportResult, PricingCurrency } from '@numero/contract/catalog-pricing';
import type { Actor } from '../../http/actor.ts';
import type { PeriodicTask } from '../../jobs/scheduler.ts';
import type { NumberProvider, UpstreamOffer } from '../../providers/numbers/number-provider.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { CatalogRepository } from './catalog.repository.ts';
import {
  type CatalogImportRepository,
  costKey,
  type KnownProduct,
  type SaleHold,
} from './catalog-import.repository.ts';
import { type CostRates, toCents } from './costs-sync.ts';
import type { CostRow, PricingRepository } from './pricing.repository.ts';
import type { ProductsRepository } from './products.repository.ts';
import { ruledPrice } from './staff-pricing.ts';

const IMPORT_JOB = 'jobs.catalog.import';
/** How often each process looks at whether an import is due; one is due at most every IMPORT_MS. */
const IMPORT_LOOK_MS = 5 * 60_000;
const IMPORT_MS = 60 * 60_000;
const CURRENCIES: readonly PricingCurrency[] = ['BRL', 'USD'];

export interface CatalogImportSettings {
  /** New services, countries and products go on sale at once ('sell') or wait for staff ('review'). */
  newItems: 'sell' | 'review';
  /** A new product's first price over its cheapest cost, before rules or staff reprice it. */
  markupPercent: number;
}

export interface CountryFacts {
  namePt: string;
  nameEn: string;
  /** With its plus sign, as the catalogue stores it: "+55". */
  dialCode: string;
}

type Cents = Record<PricingCurrency, number>;
/** A seller's offer in our codes, with its key ("service/country") and its cost in each store currency. */
type Offer = UpstreamOffer & { key: string; cost: Cents };

/** What the sellers that answered offer for one service in one country. */
interface Offered {
  service: string;
  country: string;
  /** The cheapest seller's cost, per currency. */
  cost: Cents;
  stock: number;
}

const keyOf = (service: string, country: string) => `${service}/${country}`;

/** Items handled between two turns of the event loop in the import's long loops (200,000 offers). */
const SLICE = 20_000;

/**
 * `each` for every item, with a turn of the event loop after every SLICE: an import started by staff runs
 * in a process that serves requests meanwhile.
 */
async function sliced<T>(items: Iterable<T>, each: (item: T) => void): Promise<void> {
  let i = 0;
  for (const item of items) {
    each(item);
    if (++i % SLICE === 0) await turn();
  }
}

function emptyResult(): CatalogImportResult {
  return {
    providers: [],
    new_services: 0,
    new_countries: 0,
    new_products: 0,
    costs_changed: 0,
    stock_changed: 0,
    withdrawn: 0,
    relisted: 0,
    paused: 0,
    unpaused: 0,
    skipped: 0,
  };
}

/** Why a product should be off sale now, or null; `complete` says every seller answered. */
function holdOf(product: KnownProduct, offered: Offered | undefined, complete: boolean): SaleHold | null {
  if (!offered) return complete ? 'withdrawn' : product.hold;
  return CURRENCIES.some((c) => product.price[c] < offered.cost[c]) ? 'cost_above_price' : null;
}

/**
 * Keeps the catalogue in step with what the sellers sell: each enabled seller's whole price list is read
 * (outside any transaction), new services, countries and products are added (on sale or held for
 * review), costs and stock follow, products no seller offers any more are withdrawn and those whose
 * cheapest cost rose above their price are paused, both lifted by a later import that finds the reason
 * gone. Only changed rows are written, in short batches. A seller that fails keeps its last known list:
 * nothing is withdrawn and no stock is changed on its account.
 */
export function createCatalogImport(deps: {
  repository: CatalogImportRepository;
  catalog: Pick<CatalogRepository, 'claimJobRun'>;
  products: Pick<ProductsRepository, 'updateStock'>;
  pricing: Pick<PricingRepository, 'upsertCosts' | 'deleteCosts'>;
  providers: readonly NumberProvider[];
  enabledProviders: () => Promise<readonly string[]>;
  rates: CostRates;
  settings: CatalogImportSettings;
  /** The name of a service new to the store, where the market's reference data knows it. */
  serviceName: (code: string) => string | undefined;
  /** Names and dialling code of a country new to the store; offers in countries without them are left out. */
  countryFacts: (iso: string) => CountryFacts | undefined;
  audit: Pick<AuditService, 'record'>;
  now: () => Date;
}) {
  const { repository, providers, rates, settings, audit, now } = deps;

  /** Each enabled seller's list in our codes, with costs in cents of each store currency. */
  async function readSellers(result: CatalogImportResult) {
    const enabled = await deps.enabledProviders();
    const lists: { provider: string; offers: Offer[] }[] = [];
    // A thousand services in 200,000 offers: each code checked once.
    const checked = new Map<string, boolean>();
    const validCode = (code: string) => {
      const known = checked.get(code);
      if (known !== undefined) return known;
      const ok = ServiceCode.safeParse(code).success;
      checked.set(code, ok);
      return ok;
    };
    let complete = true;
    for (const provider of providers) {
      if (!enabled.includes(provider.name)) continue;
      if (!provider.listOffers) {
        complete = false;
        continue;
      }
      try {
        const offers: Offer[] = [];
        await sliced(await provider.listOffers(), (offer) => {
          const brl = toCents(offer.price, 'BRL', rates);
          const usd = toCents(offer.price, 'USD', rates);
          const valid = validCode(offer.service) && /^[A-Z]{2}$/.test(offer.country);
          if (brl === null || usd === null || !valid) result.skipped++;
          else
            offers.push({ ...offer, key: keyOf(offer.service, offer.country), cost: { BRL: brl, USD: usd } });
        });
        lists.push({ provider: provider.name, offers });
        result.providers.push({ provider: provider.name, offers: offers.length, error: null });
      } catch (err) {
        complete = false;
        result.providers.push({ provider: provider.name, offers: 0, error: (err as Error).message });
      }
    }
    return { lists, complete };
  }

  /** Adds what no seller offered before; `idOf` (products by key) gains the new products. */
  async function addNew(
    offered: Map<string, Offered>,
    known: Awaited<ReturnType<CatalogImportRepository['snapshot']>>,
    idOf: Map<string, number>,
    result: CatalogImportResult,
  ) {
    const active = settings.newItems === 'sell';
    const newCountries = new Map<string, CountryFacts>();
    const newServices = new Set<string>();
    await sliced(offered, ([key, o]) => {
      if (!known.countries.has(o.country) && !newCountries.has(o.country)) {
        const facts = deps.countryFacts(o.country);
        if (!facts) {
          offered.delete(key);
          result.skipped++;
          return;
        }
        newCountries.set(o.country, facts);
      }
      if (!known.services.has(o.service)) newServices.add(o.service);
    });
    const categoryId = newServices.size > 0 ? await repository.defaultCategoryId() : null;
    if (categoryId === null) {
      for (const [key, o] of offered) if (newServices.has(o.service)) offered.delete(key);
    } else {
      const name = (code: string) => deps.serviceName(code) ?? code.toUpperCase();
      await repository.insertServices(
        [...newServices].map((code) => ({ code, name: name(code), categoryId, active })),
      );
    }
    await repository.insertCountries([...newCountries].map(([code, facts]) => ({ code, ...facts, active })));
    result.new_services = categoryId === null ? 0 : newServices.size;
    result.new_countries = newCountries.size;

    const rule = { markup_percent: settings.markupPercent, ending: 90 };
    const fresh: { service: string; country: string; price: Cents; stock: number; active: boolean }[] = [];
    await sliced(offered, ([key, o]) => {
      if (idOf.has(key)) return;
      const price = { BRL: ruledPrice(rule, o.cost.BRL), USD: ruledPrice(rule, o.cost.USD) };
      if (price.BRL > MAX_PRICE_CENTS || price.USD > MAX_PRICE_CENTS) result.skipped++;
      else fresh.push({ service: o.service, country: o.country, price, stock: o.stock, active });
    });
    const ids = await repository.insertProducts(fresh, now());
    result.new_products = ids.size;
    for (const f of fresh) {
      const key = keyOf(f.service, f.country);
      const id = ids.get(key);
      if (id === undefined) continue;
      known.products.push({ id, ...f, hold: null });
      idOf.set(key, id);
    }
  }

  /** Writes the costs that changed and forgets those of products a seller no longer lists. */
  async function syncCosts(
    lists: { provider: string; offers: Offer[] }[],
    idOf: Map<string, number>,
    was: Map<string, Map<number, number>>,
    result: CatalogImportResult,
  ) {
    const upserts: CostRow[] = [];
    const deletes: { productId: number; provider: string }[] = [];
    for (const { provider, offers } of lists) {
      const before = was.get(provider) ?? new Map<number, number>();
      const sold = new Set<number>();
      await sliced(offers, (o) => {
        const productId = idOf.get(o.key);
        if (productId === undefined) return;
        sold.add(productId);
        for (const currency of CURRENCIES)
          if (before.get(costKey(productId, currency)) !== o.cost[currency])
            upserts.push({ productId, provider, currency, cost: o.cost[currency] });
      });
      const gone = new Set<number>();
      await sliced(before.keys(), (key) => {
        if (!sold.has(Math.floor(key / 2))) gone.add(Math.floor(key / 2));
      });
      for (const productId of gone) deletes.push({ productId, provider });
    }
    await deps.pricing.upsertCosts(upserts, now());
    await deps.pricing.deleteCosts(deletes);
    result.costs_changed = upserts.length + deletes.length;
  }

  async function run(actor: Actor | null): Promise<CatalogImportResult> {
    const result = emptyResult();
    const { lists, complete } = await readSellers(result);
    const offered = new Map<string, Offered>();
    for (const { offers } of lists)
      await sliced(offers, (o) => {
        const best = offered.get(o.key);
        if (!best)
          offered.set(o.key, { service: o.service, country: o.country, cost: { ...o.cost }, stock: o.stock });
        else {
          best.stock += o.stock;
          for (const c of CURRENCIES) best.cost[c] = Math.min(best.cost[c], o.cost[c]);
        }
      });
    const known = await repository.snapshot();
    const idOf = new Map<string, number>();
    await sliced(known.products, (p) => idOf.set(keyOf(p.service, p.country), p.id));
    if (lists.length > 0) {
      await addNew(offered, known, idOf, result);
      await syncCosts(lists, idOf, known.costs, result);
    }

    const stock: { id: number; stock: number }[] = [];
    const holds: { id: number; hold: SaleHold | null }[] = [];
    await sliced(known.products, (product) => {
      const o = offered.get(keyOf(product.service, product.country));
      if (complete && (o?.stock ?? 0) !== product.stock) stock.push({ id: product.id, stock: o?.stock ?? 0 });
      const hold = lists.length > 0 ? holdOf(product, o, complete) : product.hold;
      if (hold === product.hold) return;
      holds.push({ id: product.id, hold });
      if (hold === 'withdrawn') result.withdrawn++;
      else if (hold === 'cost_above_price') result.paused++;
      if (product.hold === 'withdrawn') result.relisted++;
      else if (product.hold === 'cost_above_price') result.unpaused++;
    });
    result.stock_changed = await deps.products.updateStock(stock, now());
    await repository.setHolds(holds, now());

    const changed =
      result.new_services + result.new_countries + result.new_products + result.costs_changed + holds.length;
    // A scheduled import that changed nothing but stock leaves no trace; one an ADMIN asked for always does.
    if (changed > 0 || actor)
      await audit.record({
        action: 'IMPORT_CATALOG',
        actor: actor ? { id: actor.id, email: actor.email } : null,
        entityType: 'products',
        entityId: null,
        ip: actor?.ip ?? null,
        before: null,
        after: { ...result },
      });
    return result;
  }

  const task: PeriodicTask = {
    name: 'catalog:import',
    intervalMs: IMPORT_LOOK_MS,
    run: async () => {
      if (await deps.catalog.claimJobRun(IMPORT_JOB, now(), IMPORT_MS)) await run(null);
    },
  };

  return { run, task };
}
export type CatalogImport = ReturnType<typeof createCatalogImport>;
