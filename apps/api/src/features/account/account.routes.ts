import { CurrentUser, ProfileUpdate } from '@numero/contract/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountService } from './account.service.ts';

export const accountRoutes: FastifyPluginAsyncZod<{ users: AccountService }> = async (app, { users }) => {
  // JSON only: a text/plain body is refused with 415 (this plugin's scope only).
  app.removeContentTypeParser('text/plain');

  app.get(
    '/api/v1/users/me',
    {
      config: { access: 'authenticated', beforePasswordChange: true },
      schema: { tags: ['users'], response: { 200: CurrentUser } },
    },
    async (request) => users.currentUserOf(request.user!),
  );

  app.patch(
    '/api/v1/users/me/profile',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['users'], body: ProfileUpdate, response: { 200: CurrentUser } },
    },
    async (request) => users.updateProfile(request.user!, request.body, request.ip),
  );
};
