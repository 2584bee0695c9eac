import { SettingsUpdate, SettingsView } from '@numero/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ONLY, STAFF } from '../../http/access.ts';
import { actorOf } from '../../http/actor.ts';
import { asStaffScope } from '../../http/staff-scope.ts';
import type { SettingsService } from './settings.service.ts';

/** The store's settings: staff read them (secrets masked), admins change them. */
export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (
  app,
  { settings },
) => {
  asStaffScope(app);
  const tags = ['admin: settings'];

  app.get(
    '/api/v1/admin/settings',
    { config: { access: STAFF }, schema: { tags, response: { 200: SettingsView } } },
    async () => settings.view(),
  );

  app.put(
    '/api/v1/admin/settings',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description:
          'Changes any subset of the settings; every process applies them within seconds. Payment provider keys are write-only: null removes one.',
        body: SettingsUpdate,
        response: { 200: SettingsView },
      },
    },
    async (request) => settings.update(actorOf(request), request.body),
  );
};
