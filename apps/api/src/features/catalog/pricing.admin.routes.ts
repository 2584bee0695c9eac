import { AdminProductIdParams } from '@numero/contract/catalog';
import {
  CatalogImportResult,
  CostsSyncResult,
  PricingResult,
  PricingRule,
  PricingRuleIdParams,
  ProductCosts,
  SavedPricingRule,
  SavedPricingRuleInput,
  SavedPricingRules,
  SavedRulesResult,
} from '@numero/contract/catalog-pricing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_ONLY, STAFF } from '../../http/access.ts';
import { actorOf } from '../../http/actor.ts';
import { asStaffScope } from '../../http/staff-scope.ts';
import type { CatalogImport } from './catalog-import.ts';
import type { CostsSync } from './costs-sync.ts';
import type { PricingRules } from './pricing-rules.ts';
import type { StaffPricing } from './staff-pricing.ts';

const tags = ['admin: pricing'];

/**
 * Bulk pricing: upstream costs per product, and rules over them. Staff may read costs and preview a rule
 * (it changes nothing) or read the saved rules; only an ADMIN writes costs, syncs them, saves or applies rules.
 */
export const pricingAdminRoutes: FastifyPluginAsyncZod<{
  pricing: StaffPricing;
  costsSync: CostsSync;
  catalogImport: CatalogImport;
  rules: PricingRules;
}> = async (app, { pricing, costsSync, catalogImport, rules }) => {
  asStaffScope(app);

  app.get(
    '/api/v1/admin/products/:id/costs',
    {
      config: { access: STAFF },
      schema: { tags, params: AdminProductIdParams, response: { 200: ProductCosts } },
    },
    async (request) => pricing.getCosts(request.params.id),
  );

  app.put(
    '/api/v1/admin/products/:id/costs',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description: "Replaces the product's upstream costs (cents, one per provider and currency); audited.",
        params: AdminProductIdParams,
        body: ProductCosts,
        response: { 200: ProductCosts },
      },
    },
    async (request) => pricing.setCosts(request.params.id, request.body.costs, actorOf(request)),
  );

  app.post(
    '/api/v1/admin/pricing/preview',
    {
      config: { access: STAFF },
      schema: {
        tags,
        description: 'The products whose price the rule would change, old → new. Changes nothing.',
        body: PricingRule,
        response: { 200: PricingResult },
      },
    },
    async (request) => pricing.preview(request.body),
  );

  app.post(
    '/api/v1/admin/pricing/apply',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description: 'Applies the rule in one transaction, audited with every price before and after.',
        body: PricingRule,
        response: { 200: PricingResult },
      },
    },
    async (request) => pricing.apply(request.body, actorOf(request)),
  );

  app.post(
    '/api/v1/admin/pricing/costs/sync',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description:
          "Reads every seller's price of each product on sale into its costs now (also done every few hours); audited.",
        response: { 200: CostsSyncResult },
      },
    },
    async (request) => costsSync.sync(actorOf(request)),
  );

  app.post(
    '/api/v1/admin/catalog/import',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description:
          "Reads every seller's whole price list into the catalogue now (also done every hour): new services, countries and products, costs, stock, and what goes off or back on sale; audited.",
        response: { 200: CatalogImportResult },
      },
    },
    async (request) => catalogImport.run(actorOf(request)),
  );

  app.get(
    '/api/v1/admin/pricing/rules',
    {
      config: { access: STAFF },
      schema: {
        tags,
        description: 'The saved pricing rules in the order they run.',
        response: { 200: SavedPricingRules },
      },
    },
    async () => rules.list(),
  );

  app.post(
    '/api/v1/admin/pricing/rules',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description: 'Saves a pricing rule (it changes no price by itself); audited.',
        body: SavedPricingRuleInput,
        response: { 201: SavedPricingRule },
      },
    },
    async (request, reply) => reply.code(201).send(await rules.create(request.body, actorOf(request))),
  );

  app.put(
    '/api/v1/admin/pricing/rules/:id',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description: 'Replaces a saved rule; audited with before and after.',
        params: PricingRuleIdParams,
        body: SavedPricingRuleInput,
        response: { 200: SavedPricingRule },
      },
    },
    async (request) => rules.update(request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/api/v1/admin/pricing/rules/:id',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description: 'Deletes a saved rule; audited.',
        params: PricingRuleIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await rules.remove(request.params.id, actorOf(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v1/admin/pricing/rules/apply',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description: 'Applies every saved rule in order in one transaction (a later rule wins); audited.',
        response: { 200: SavedRulesResult },
      },
    },
    async (request) => rules.applySaved(actorOf(request)),
  );
};
