import type {
  PricingRule,
  SavedPricingRule,
  SavedPricingRuleInput,
  SavedRulesResult,
} from '@numero/contract/catalog-pricing';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { PricingRulesRepository } from './pricing-rules.repository.ts';
import type { StaffPricing } from './staff-pricing.ts';
import './catalog.messages.ts';

type Input = Omit<SavedPricingRuleInput, 'auto_apply'> & { auto_apply: boolean };

/** The rule fields of a saved rule, as preview and apply take them. */
function ruleOf(saved: SavedPricingRule): PricingRule {
  const { id: _id, position: _p, auto_apply: _a, created_by: _c, updated_at: _u, ...rule } = saved;
  return rule;
}

/**
 * Pricing rules staff keep: listed, created, edited and deleted (each audited with before and after),
 * and applied together in position order in one transaction, by an ADMIN or after each cost sync.
 */
export function createPricingRules(deps: {
  db: Db;
  rules: PricingRulesRepository;
  pricing: Pick<StaffPricing, 'applyIn' | 'assertScope'>;
  audit: Pick<AuditService, 'record'>;
  now: () => Date;
}) {
  const { db, rules, pricing, audit, now } = deps;

  const auditChange = (
    action: 'CREATE_PRICING_RULE' | 'UPDATE_PRICING_RULE' | 'DELETE_PRICING_RULE',
    id: number,
    actor: Actor,
    before: SavedPricingRule | null,
    after: SavedPricingRule | null,
    ex: Parameters<AuditService['record']>[1],
  ) =>
    audit.record(
      {
        action,
        actor: { id: actor.id, email: actor.email },
        entityType: 'pricing_rules',
        entityId: String(id),
        ip: actor.ip ?? null,
        before: before ? { rule: before } : null,
        after: after ? { rule: after } : null,
      },
      ex,
    );

  async function existing(id: number, ex: Parameters<PricingRulesRepository['find']>[1]) {
    const rule = await rules.find(id, ex);
    if (!rule) throw new AppError('PRICING_RULE_NOT_FOUND', 404);
    return rule;
  }

  /** Runs the saved rules (all, or those marked auto_apply) in order, in one transaction. */
  async function applySaved(actor: Actor | null, onlyAuto = false): Promise<SavedRulesResult> {
    return db.transaction(async (tx) => {
      const saved = (await rules.list(tx)).filter((r) => !onlyAuto || r.auto_apply);
      const results: SavedRulesResult['results'] = [];
      for (const r of saved)
        results.push({ rule_id: r.id, ...(await pricing.applyIn(ruleOf(r), actor, tx, r.id)) });
      return { results };
    });
  }

  return {
    list: async () => ({ rules: await rules.list() }),

    async create(input: Input, actor: Actor): Promise<SavedPricingRule> {
      const { position, ...rule } = input;
      await pricing.assertScope(rule);
      return db.transaction(async (tx) => {
        const at = position ?? (await rules.nextPosition(tx));
        const id = await rules.insert({ ...rule, position: at }, actor.id, now(), tx);
        const created = await existing(id, tx);
        await auditChange('CREATE_PRICING_RULE', id, actor, null, created, tx);
        return created;
      });
    },

    async update(id: number, input: Input, actor: Actor): Promise<SavedPricingRule> {
      const { position, ...rule } = input;
      await pricing.assertScope(rule);
      return db.transaction(async (tx) => {
        const before = await existing(id, tx);
        await rules.update(id, { ...rule, position: position ?? before.position }, now(), tx);
        const after = await existing(id, tx);
        await auditChange('UPDATE_PRICING_RULE', id, actor, before, after, tx);
        return after;
      });
    },

    async remove(id: number, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await existing(id, tx);
        await rules.remove(id, tx);
        await auditChange('DELETE_PRICING_RULE', id, actor, before, null, tx);
      });
    },

    applySaved,
  };
}
export type PricingRules = ReturnType<typeof createPricingRules>;
