import type { FastifyReply } from 'fastify';

/**
 * The spec's list calls answer with a plain JSON array; the total for pagination travels in the
 * `X-Total-Count` header, so every list is still paginated on the server and says how long it is.
 */
export function replyWithList<T>(reply: FastifyReply, page: { items: T[]; total: number }): T[] {
  reply.header('x-total-count', String(page.total));
  return page.items;
}
