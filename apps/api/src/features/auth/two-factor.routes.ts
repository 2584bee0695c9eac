import { RecoveryCodes, TwoFactorCode, TwoFactorSetup, TwoFactorStatus } from '@numero/contract/auth';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TwoFactor } from './two-factor.ts';

/** Two-step verification of the signed-in user: status, set up, turn on (with a code), turn off. */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ twoFactor: TwoFactor }> = async (
  app,
  { twoFactor },
) => {
  // JSON only, and never cached: a setup answer carries the secret.
  app.removeContentTypeParser('text/plain');
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const actor = (request: FastifyRequest) => request.user!;

  app.get(
    '/api/v1/auth/2fa',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['auth'], response: { 200: TwoFactorStatus } },
    },
    async (request) => twoFactor.status(actor(request)),
  );

  app.post(
    '/api/v1/auth/2fa/setup',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['auth'],
        description: 'A new authenticator secret (and its otpauth:// link); active only after /enable.',
        response: { 200: TwoFactorSetup },
      },
    },
    async (request) => twoFactor.start(actor(request)),
  );

  app.post(
    '/api/v1/auth/2fa/enable',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['auth'],
        description: 'Confirms the secret with a current code; answers the recovery codes, shown this once.',
        body: TwoFactorCode,
        response: { 200: RecoveryCodes },
      },
    },
    async (request) => twoFactor.enable(actor(request), request.body.code, request.ip),
  );

  app.post(
    '/api/v1/auth/2fa/disable',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['auth'],
        description: 'Turns two-step verification off with a current code or a recovery code; 204.',
        body: TwoFactorCode,
      },
    },
    async (request, reply) => {
      await twoFactor.disable(actor(request), request.body.code, request.ip);
      return reply.status(204).send();
    },
  );
};
