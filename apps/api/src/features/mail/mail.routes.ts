import { DemoOutbox } from '@numero/contract/mail';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MailService } from './mail.service.ts';

/**
 * The offline demo's outbox, registered only in demo mode: a signed-in customer reads their own mail,
 * staff everyone's without the one-time links of mail to others, an anonymous visitor nothing.
 */
export const demoOutboxRoutes: FastifyPluginAsyncZod<{ mail: MailService }> = async (app, { mail }) => {
  app.get(
    '/api/v1/demo/outbox',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['demo'],
        description:
          "The newest e-mails the demo store wrote: the caller's own; staff see everyone's, with the " +
          'one-time links of mail to others hidden.',
        response: { 200: DemoOutbox },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const rows = await mail.outboxFor(request.user!, 50);
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
