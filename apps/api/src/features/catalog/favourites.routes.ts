import { FavouriteParams, FavouritesQuery, FavouritesResponse } from '@numero/contract/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CatalogShelf } from './catalog-shelf.ts';
import type { Favourites } from './favourites.ts';

const tags = ['catalog'];

/** The caller's own favourite services; nobody reads or changes another customer's. */
export const favouritesRoutes: FastifyPluginAsyncZod<{
  favourites: Favourites;
  shelf: CatalogShelf;
  now: () => Date;
}> = async (app, { favourites, shelf, now }) => {
  app.get(
    '/api/v1/catalog/favourites',
    {
      config: { access: 'authenticated' },
      schema: { tags, querystring: FavouritesQuery, response: { 200: FavouritesResponse } },
    },
    async (request, reply) => {
      // One customer's list: no shared cache may keep it.
      reply.header('cache-control', 'private, no-store');
      const { currency, lang } = request.query;
      return shelf.servicesByCode(await favourites.list(request.user!.id), currency, lang);
    },
  );

  app.put(
    '/api/v1/catalog/favourites/:code',
    { config: { access: 'authenticated' }, schema: { tags, params: FavouriteParams } },
    async (request, reply) => {
      await favourites.add(request.user!.id, request.params.code, now());
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/v1/catalog/favourites/:code',
    { config: { access: 'authenticated' }, schema: { tags, params: FavouriteParams } },
    async (request, reply) => {
      await favourites.remove(request.user!.id, request.params.code);
      return reply.status(204).send();
    },
  );
};
