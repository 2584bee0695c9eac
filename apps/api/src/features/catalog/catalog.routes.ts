import { CategoriesQuery, CategoriesResponse } from '@numero/contract/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CatalogService } from './catalog.service.ts';

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  app.get(
    '/api/v1/catalog/categories',
    {
      config: { access: 'public' },
      schema: { tags: ['catalog'], querystring: CategoriesQuery, response: { 200: CategoriesResponse } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return catalog.listCategories(request.query.currency, request.query.lang);
    },
  );
};
