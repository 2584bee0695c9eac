import { NotificationSettings, NotificationSettingsUpdate } from '@numero/contract/account-notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { NotificationsService } from './notifications.service.ts';

export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  // JSON only: a text/plain body is refused with 415 (this plugin's scope only).
  app.removeContentTypeParser('text/plain');

  app.get(
    '/api/v1/users/me/notifications',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['users'], response: { 200: NotificationSettings } },
    },
    async (request) => notifications.settings(request.user!.id),
  );

  app.patch(
    '/api/v1/users/me/notifications',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['users'], body: NotificationSettingsUpdate, response: { 200: NotificationSettings } },
    },
    async (request) => notifications.updateSettings(request.user!.id, request.body),
  );
};
