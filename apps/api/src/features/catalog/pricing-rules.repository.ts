import type { PricingRule, SavedPricingRule } from '@numero/contract/catalog-pricing';
import { asc, eq, max } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pricingRules, users } from '../../db/schema/index.ts';

export interface RuleFields extends PricingRule {
  position: number;
  auto_apply: boolean;
}

const toColumns = (r: RuleFields) => ({
  position: r.position,
  currency: r.currency,
  markupPercent: r.markup_percent,
  provider: r.provider ?? null,
  service: r.service ?? null,
  country: r.country ?? null,
  ending: r.ending ?? null,
  floor: r.floor ?? null,
  autoApply: r.auto_apply,
});

type Row = typeof pricingRules.$inferSelect & { createdByEmail: string | null };

function toRule(r: Row): SavedPricingRule {
  return {
    id: r.id,
    position: r.position,
    currency: r.currency,
    markup_percent: Number(r.markupPercent),
    ...(r.provider === null ? {} : { provider: r.provider }),
    ...(r.service === null ? {} : { service: r.service }),
    ...(r.country === null ? {} : { country: r.country }),
    ...(r.ending === null ? {} : { ending: r.ending }),
    ...(r.floor === null ? {} : { floor: Number(r.floor) }),
    auto_apply: r.autoApply,
    created_by: r.createdByEmail,
    updated_at: r.updatedAt.toISOString(),
  };
}

/** The SQL of the pricing rules staff saved (pricing_rules). */
export function createPricingRulesRepository(db: Executor) {
  const select = (ex: Executor) =>
    ex
      .select({
        id: pricingRules.id,
        position: pricingRules.position,
        currency: pricingRules.currency,
        markupPercent: pricingRules.markupPercent,
        provider: pricingRules.provider,
        service: pricingRules.service,
        country: pricingRules.country,
        ending: pricingRules.ending,
        floor: pricingRules.floor,
        autoApply: pricingRules.autoApply,
        createdBy: pricingRules.createdBy,
        createdAt: pricingRules.createdAt,
        updatedAt: pricingRules.updatedAt,
        createdByEmail: users.email,
      })
      .from(pricingRules)
      .leftJoin(users, eq(users.id, pricingRules.createdBy));

  return {
    /** Every saved rule in the order they run. */
    async list(ex: Executor = db): Promise<SavedPricingRule[]> {
      const rows = await select(ex).orderBy(asc(pricingRules.position), asc(pricingRules.id));
      return rows.map(toRule);
    },

    async find(id: number, ex: Executor = db): Promise<SavedPricingRule | null> {
      const [row] = await select(ex).where(eq(pricingRules.id, id));
      return row ? toRule(row) : null;
    },

    /** The position after the last rule's. */
    async nextPosition(ex: Executor): Promise<number> {
      const [row] = await ex.select({ last: max(pricingRules.position) }).from(pricingRules);
      return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
    },

    async insert(rule: RuleFields, createdBy: string | null, at: Date, ex: Executor): Promise<number> {
      const [row] = await ex
        .insert(pricingRules)
        .values({ ...toColumns(rule), createdBy, createdAt: at, updatedAt: at })
        .returning({ id: pricingRules.id });
      return row!.id;
    },

    async update(id: number, rule: RuleFields, at: Date, ex: Executor): Promise<void> {
      await ex
        .update(pricingRules)
        .set({ ...toColumns(rule), updatedAt: at })
        .where(eq(pricingRules.id, id));
    },

    async remove(id: number, ex: Executor): Promise<void> {
      await ex.delete(pricingRules).where(eq(pricingRules.id, id));
    },
  };
}
export type PricingRulesRepository = ReturnType<typeof createPricingRulesRepository>;
