import { DeleteAccountRequest, DeletionPreview, PersonalDataExport } from '@numero/contract/account-privacy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../http/lang.ts';
import { clearSessionCookie } from '../../http/session.ts';
import type { PersonalData } from './personal-data.ts';

export const privacyRoutes: FastifyPluginAsyncZod<{
  personalData: PersonalData;
  secureCookies: boolean;
}> = async (app, { personalData, secureCookies }) => {
  // JSON only, and never cached: these answers are a person's whole record.
  app.removeContentTypeParser('text/plain');
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/v1/users/me/export',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['users'],
        description:
          'Everything the store keeps about the caller, as a JSON download (LGPD). Amounts are integer cents (`*_cents`, and the older `amount`/`price`/`balance`) beside `*_formatted` money; `what` and `status_text` say in the caller’s language what each code means.',
        response: { 200: PersonalDataExport },
      },
    },
    async (request, reply) => {
      const data = await personalData.export(request.user!, request.ip, requestLanguage(request));
      reply.header('content-disposition', 'attachment; filename="numero-my-data.json"');
      return data;
    },
  );

  app.get(
    '/api/v1/users/me/deletion',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['users'],
        description: 'What deleting the account gives up: the remaining balances and open orders.',
        response: { 200: DeletionPreview },
      },
    },
    async (request) => personalData.preview(request.user!),
  );

  app.post(
    '/api/v1/users/me/delete',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['users'],
        description:
          "Deletes the caller's account (confirmed by typing its email); signs out everywhere. 204.",
        body: DeleteAccountRequest,
      },
    },
    async (request, reply) => {
      await personalData.delete(request.user!, request.body);
      clearSessionCookie(reply, secureCookies);
      return reply.status(204).send();
    },
  );
};
