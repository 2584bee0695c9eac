import type { FastifyInstance } from 'fastify';

/**
 * The scope of a staff routes plugin: JSON bodies only (a text/plain body is refused with 415, not
 * parsed as a string), and nothing cached — staff data changes all the time and is nobody else's.
 */
export function asStaffScope(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
