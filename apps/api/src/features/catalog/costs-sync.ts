import type { CostsSyncProvider, CostsSyncResult, PricingCurrency } from '@numero/contract/catalog-pricing';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../http/actor.ts';
import type { PeriodicTask } from '../../jobs/scheduler.ts';
import { forEachLimited } from '../../lib/for-each-limited.ts';
import type { NumberProvider, UpstreamPrice } from '../../providers/numbers/number-provider.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { CatalogRepository } from './catalog.repository.ts';
import type { CostRow, PricingRepository } from './pricing.repository.ts';
import type { ProductsRepository } from './products.repository.ts';

/** What one unit of a seller's currency is worth in each of the store's currencies. */
export type CostRates = Readonly<Record<string, { BRL: number; USD: number }>>;

const COSTS_SYNC_JOB = 'jobs.catalog.costs_sync';
/** How often each process looks at whether the costs are due; they are due at most every COSTS_SYNC_MS. */
const COSTS_LOOK_MS = 5 * 60_000;
const COSTS_SYNC_MS = 6 * 60 * 60_000;
const CURRENCIES: readonly PricingCurrency[] = ['BRL', 'USD'];

/** A seller's price in cents of a store currency, rounded up: a cost is never understated. */
export function toCents(price: UpstreamPrice, currency: PricingCurrency, rates: CostRates): number | null {
  const rate = rates[price.currency]?.[currency];
  if (rate === undefined) return null;
  return Math.ceil(Math.round(price.amount * rate * 1e6) / 1e4);
}

/**
 * Reads every enabled seller's price of each product on sale (service × country) into product_costs,
 * converted to the store's currencies, audited with each cost that changed before and after. A seller
 * that fails keeps its costs as they were; the others are synced all the same.
 */
export function createCostsSync(deps: {
  db: Db;
  pricing: Pick<PricingRepository, 'providerCosts' | 'upsertCosts'>;
  products: Pick<ProductsRepository, 'listActiveProductKeys'>;
  catalog: Pick<CatalogRepository, 'claimJobRun'>;
  providers: readonly NumberProvider[];
  /** The sellers staff have not switched off: only theirs are synced. */
  enabledProviders: () => Promise<readonly string[]>;
  rates: CostRates;
  audit: Pick<AuditService, 'record'>;
  now: () => Date;
  /** Runs after a sync that changed costs (the saved rules marked to apply automatically). */
  afterSync?: () => Promise<unknown>;
}) {
  const { db, pricing, products, catalog, providers, rates, audit, now } = deps;

  async function readProvider(
    provider: NumberProvider,
    keys: { id: number; serviceCode: string; countryCode: string }[],
  ) {
    const rows: CostRow[] = [];
    let notSold = 0;
    await forEachLimited(keys, 4, async (k) => {
      const price = await provider.getPrice!(k.serviceCode, k.countryCode);
      if (price === null) {
        notSold++;
        return;
      }
      for (const currency of CURRENCIES) {
        const cost = toCents(price, currency, rates);
        if (cost === null) throw new Error(`no rate from ${price.currency} to ${currency}`);
        rows.push({ productId: k.id, provider: provider.name, currency, cost });
      }
    });
    return { rows, notSold };
  }

  async function sync(actor: Actor | null): Promise<CostsSyncResult> {
    const keys = await products.listActiveProductKeys();
    const report: CostsSyncProvider[] = [];
    const before: Record<string, number | null> = {};
    const after: Record<string, number> = {};
    const changedRows: CostRow[] = [];
    const enabled = await deps.enabledProviders();
    for (const provider of providers) {
      if (!provider.getPrice || !enabled.includes(provider.name)) continue;
      try {
        const { rows, notSold } = await readProvider(provider, keys);
        const known = await pricing.providerCosts(provider.name);
        for (const r of rows) {
          const old = known.get(`${r.productId}/${r.currency}`);
          if (old === r.cost) continue;
          const key = `${r.productId}/${r.provider}/${r.currency}`;
          before[key] = old ?? null;
          after[key] = r.cost;
          changedRows.push(r);
        }
        report.push({
          provider: provider.name,
          synced: rows.length / CURRENCIES.length,
          not_sold: notSold,
          error: null,
        });
      } catch (err) {
        report.push({ provider: provider.name, synced: 0, not_sold: 0, error: (err as Error).message });
      }
    }
    // A scheduled sync that changed nothing leaves no trace; one an ADMIN asked for always does.
    if (changedRows.length > 0 || actor)
      await db.transaction(async (tx) => {
        await pricing.upsertCosts(changedRows, now(), tx);
        await audit.record(
          {
            action: 'SYNC_COSTS',
            actor: actor ? { id: actor.id, email: actor.email } : null,
            entityType: 'product_costs',
            entityId: null,
            ip: actor?.ip ?? null,
            before: { costs: before },
            after: { costs: after, providers: report },
          },
          tx,
        );
      });
    if (changedRows.length > 0 && deps.afterSync) await deps.afterSync();
    return { providers: report, changed: changedRows.length };
  }

  const task: PeriodicTask = {
    name: 'catalog:sync-costs',
    intervalMs: COSTS_LOOK_MS,
    run: async () => {
      if (await catalog.claimJobRun(COSTS_SYNC_JOB, now(), COSTS_SYNC_MS)) await sync(null);
    },
  };

  return { sync, task };
}
export type CostsSync = ReturnType<typeof createCostsSync>;
