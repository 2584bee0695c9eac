import { ChangeEmailRequest, ResendVerificationRequest, VerifyEmailRequest } from '@numero/contract/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EmailAddress } from './email-address.ts';

export const emailAddressRoutes: FastifyPluginAsyncZod<{ emailAddress: EmailAddress }> = async (
  app,
  { emailAddress },
) => {
  // JSON only: a text/plain body is refused with 415 rather than guessed at (this plugin's scope only).
  app.removeContentTypeParser('text/plain');

  app.post(
    '/api/v1/auth/email/verify',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        description: "Opens an e-mailed confirmation link (a new account's address, or a new address); 204.",
        body: VerifyEmailRequest,
      },
    },
    async (request, reply) => {
      await emailAddress.confirm(request.body, request.ip);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/v1/auth/email/resend',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        description: 'Sends a new confirmation link to an unconfirmed account; 202 whatever the address.',
        body: ResendVerificationRequest,
      },
    },
    async (request, reply) => {
      await emailAddress.resend(request.body, request.ip);
      return reply.status(202).send();
    },
  );

  app.post(
    '/api/v1/users/me/email',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['users'],
        description:
          'Asks to change the address: the new one gets a link that makes the change, the old one is told; 202.',
        body: ChangeEmailRequest,
      },
    },
    async (request, reply) => {
      await emailAddress.requestChange(request.user!, request.body, request.ip);
      return reply.status(202).send();
    },
  );
};
