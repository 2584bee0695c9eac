import { UserIdParams } from '@numero/contract/admin';
import { AdminUserDetail, UserApiKeyParams } from '@numero/contract/admin-user-detail';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ONLY, STAFF } from '../../http/access.ts';
import { actorOf } from '../../http/actor.ts';
import { requestLanguage } from '../../http/lang.ts';
import { asStaffScope } from '../../http/staff-scope.ts';
import type { UserDetail } from './user-detail.ts';

/** One user's detail for staff (MANAGER reads it too); revoking their API key is ADMIN's. */
export const userDetailRoutes: FastifyPluginAsyncZod<{ detail: UserDetail }> = async (app, { detail }) => {
  asStaffScope(app);
  const tags = ['admin: users'];

  app.get(
    '/api/v1/admin/users/:id/detail',
    {
      config: { access: STAFF },
      schema: { tags, params: UserIdParams, response: { 200: AdminUserDetail } },
    },
    async (request) => detail.get(request.params.id, requestLanguage(request)),
  );

  app.post(
    '/api/v1/admin/users/:id/api-keys/:keyId/revoke',
    {
      config: { access: ADMIN_ONLY },
      schema: { tags, params: UserApiKeyParams, description: 'Revokes one of the user’s API keys at once.' },
    },
    async (request, reply) => {
      await detail.revokeApiKey(actorOf(request), request.params.id, request.params.keyId);
      return reply.status(204).send();
    },
  );
};
