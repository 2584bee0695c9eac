import { ApiKeyIdParams } from '@numero/contract/account';
import { WebhookDeliveriesPage, WebhookDeliveriesQuery } from '@numero/contract/reseller';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/errors.ts';
import type { ApiKeysService } from '../account/api-keys.service.ts';
import type { WebhooksService } from './webhooks.service.ts';

/** The webhook delivery log of one of the caller's own keys. */
export const webhookDeliveriesRoutes: FastifyPluginAsyncZod<{
  apiKeys: Pick<ApiKeysService, 'ownsLiveKey'>;
  webhooks: Pick<WebhooksService, 'list'>;
}> = async (app, { apiKeys, webhooks }) => {
  app.get(
    '/api/v1/api-keys/:id/webhook-deliveries',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['api-keys'],
        params: ApiKeyIdParams,
        querystring: WebhookDeliveriesQuery,
        response: { 200: WebhookDeliveriesPage },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!(await apiKeys.ownsLiveKey(request.user!.id, request.params.id)))
        throw new AppError('API_KEY_NOT_FOUND', 404);
      return webhooks.list(request.params.id, request.query);
    },
  );
};
