import { ChangePasswordRequest, ForgotPasswordRequest, ResetPasswordRequest } from '@numero/contract/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ChangePassword } from './password-change.ts';
import type { PasswordReset } from './password-reset.ts';

export const passwordResetRoutes: FastifyPluginAsyncZod<{
  reset: PasswordReset;
  changePassword: ChangePassword;
}> = async (app, { reset, changePassword }) => {
  // JSON only: a text/plain body is refused with 415 rather than guessed at (this plugin's scope only).
  app.removeContentTypeParser('text/plain');
  app.post(
    '/api/v1/auth/password/forgot',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        description:
          'E-mails a single-use link (valid 30 minutes) to the account with this address; 202 whether one exists or not.',
        body: ForgotPasswordRequest,
      },
    },
    async (request, reply) => {
      await reset.request(request.body, request.ip);
      return reply.status(202).send();
    },
  );

  app.post(
    '/api/v1/auth/password/reset',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        description:
          "Sets a new password with the e-mailed link's token; signs the user out everywhere. 204.",
        body: ResetPasswordRequest,
      },
    },
    async (request, reply) => {
      await reset.reset(request.body, request.ip);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/v1/auth/password/change',
    {
      config: { access: 'authenticated', beforePasswordChange: true },
      schema: {
        tags: ['auth'],
        description:
          'The signed-in user sets a new password (the current one proves it is them); ends their other sessions and the temporary-password gate. 204.',
        body: ChangePasswordRequest,
      },
    },
    async (request, reply) => {
      const user = request.user!;
      await changePassword({ ...user, sessionId: request.sessionId! }, request.body, request.ip);
      return reply.status(204).send();
    },
  );
};
