import { DemoOutbox } from '@numero/contract/mail';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MailService } from './mail.service.ts';

/** The offline demo's outbox: registered only in demo mode, where no real customer's mail exists. */
export const demoOutboxRoutes: FastifyPluginAsyncZod<{ mail: MailService }> = async (app, { mail }) => {
  app.get(
    '/api/v1/demo/outbox',
    {
      config: { access: 'public' },
      schema: {
        tags: ['demo'],
        description: 'The newest e-mails the demo store wrote (mail to staff accounts is not listed).',
        response: { 200: DemoOutbox },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const rows = await mail.recent(50);
      return {
        items: rows.map((r) => ({
          id: r.id,
          to: r.toAddress,
          subject: r.subject,
          text: r.textBody,
          status: r.status,
          created_at: new Date(r.createdAt).toISOString(),
        })),
      };
    },
  );
};
