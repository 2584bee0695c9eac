import { ProductOperators, ProductOperatorsQuery } from '@numero/contract/catalog-operators';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { etagged } from '../../http/etag.ts';
import type { OperatorDirectory } from '../../providers/numbers/operators.ts';
import type { CatalogService } from './catalog.service.ts';

// Public and the same for everyone; operators change over months, but a seller may stop selling one.
const OPERATORS_CACHE = 'public, max-age=300, stale-while-revalidate=600';

/**
 * GET /api/v1/catalog/operators: the operators a customer may choose for a product, from its sellers
 * (remembered a few minutes by the directory). Only products on sale are looked up, so the sellers are
 * never asked about whatever a caller makes up.
 */
export const catalogOperatorsRoutes: FastifyPluginAsyncZod<{
  catalog: Pick<CatalogService, 'listProducts'>;
  operators: Pick<OperatorDirectory, 'list'>;
}> = async (app, { catalog, operators }) => {
  app.get(
    '/api/v1/catalog/operators',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        querystring: ProductOperatorsQuery,
        response: { 200: ProductOperators },
      },
      onSend: etagged,
    },
    async (request, reply) => {
      const { service, country } = request.query;
      const [product] = await catalog.listProducts({ service, country }, 'BRL', 'en');
      reply.header('cache-control', OPERATORS_CACHE);
      return { service, country, operators: product ? await operators.list(country, service) : [] };
    },
  );
};
