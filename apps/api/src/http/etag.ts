import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Whether an If-None-Match header names this entity tag (weak or strong, in a list, or `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/** The entity tag of a body: a hash of it. */
export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * An onSend hook for public GET answers: tags the body with a hash of itself, and answers 304 with no
 * body when the client already holds that version, so a repeat costs no transfer and no parsing.
 */
export async function etagged(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  // A hook before this one may have tagged the body already (the shared answers, keeping it).
  const tagged = reply.getHeader('etag');
  const etag = typeof tagged === 'string' ? tagged : etagOf(payload);
  reply.header('etag', etag);
  if (!matchesEtag(request.headers['if-none-match'], etag)) return payload;
  reply.code(304);
  reply.removeHeader('content-type');
  return '';
}
