import {
  ApiKeyIdParams,
  ApiKeysPage,
  ApiKeysQuery,
  CreateApiKeyBody,
  CreatedApiKey,
  UpdateApiKeyBody,
  UpdatedApiKey,
} from '@numero/contract/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/actor.ts';
import type { ApiKeysService } from './api-keys.service.ts';

const tags = ['api-keys'];

/** The caller's own keys for the reseller protocol; nobody sees or revokes another user's. */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ apiKeys: ApiKeysService }> = async (app, { apiKeys }) => {
  app.get(
    '/api/v1/api-keys',
    {
      config: { access: 'authenticated' },
      schema: { tags, querystring: ApiKeysQuery, response: { 200: ApiKeysPage } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return apiKeys.list(request.user!.id, request.query);
    },
  );

  app.post(
    '/api/v1/api-keys',
    {
      config: { access: 'authenticated' },
      schema: { tags, body: CreateApiKeyBody, response: { 201: CreatedApiKey } },
    },
    async (request, reply) => {
      // The full key is in this body only: no cache anywhere may keep a copy.
      reply.header('cache-control', 'no-store');
      return reply
        .status(201)
        .send(await apiKeys.create(actorOf(request), request.body.name, request.user!.preferredLanguage));
    },
  );

  app.patch(
    '/api/v1/api-keys/:id',
    {
      config: { access: 'authenticated' },
      schema: { tags, params: ApiKeyIdParams, body: UpdateApiKeyBody, response: { 200: UpdatedApiKey } },
    },
    async (request, reply) => {
      // A new webhook secret may be in this body: no cache may keep it.
      reply.header('cache-control', 'no-store');
      return apiKeys.update(actorOf(request), request.params.id, request.body);
    },
  );

  app.delete(
    '/api/v1/api-keys/:id',
    {
      config: { access: 'authenticated' },
      schema: { tags, params: ApiKeyIdParams },
    },
    async (request, reply) => {
      await apiKeys.revoke(actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
