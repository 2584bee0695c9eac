import { SmsProvidersResponse, SmsProvidersUpdate } from '@numero/contract/admin-reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ONLY, STAFF } from '../../http/access.ts';
import { actorOf } from '../../http/actor.ts';
import { asStaffScope } from '../../http/staff-scope.ts';
import type { SmsProviders } from './sms-providers.ts';

/** The upstream number providers: staff see them, admins order and switch them. */
export const smsRoutes: FastifyPluginAsyncZod<{ sms: SmsProviders }> = async (app, { sms }) => {
  asStaffScope(app);
  const tags = ['admin: sms'];
  app.get(
    '/api/v1/admin/sms/providers',
    { config: { access: STAFF }, schema: { tags, response: { 200: SmsProvidersResponse } } },
    async () => sms.list(),
  );
  app.put(
    '/api/v1/admin/sms/providers',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description:
          'The failover order (every provider once) and the providers switched off; applies within seconds.',
        body: SmsProvidersUpdate,
        response: { 200: SmsProvidersResponse },
      },
    },
    async (request) => sms.update(actorOf(request), request.body),
  );
};
