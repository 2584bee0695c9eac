import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EventBus } from '../db/event-bus.ts';
import { acceptedEncoding, compress, type Encoding } from './compression.ts';
import { etagOf, matchesEtag } from './etag.ts';

/** Answers shorter than this are sent as they are: compressing them saves less than it costs. */
const COMPRESS_FROM_BYTES = 1_024;

interface Remembered {
  at: number;
  epoch: number;
  etag: string;
  body: string;
  /** The body compressed, made at the first request for each encoding. */
  packed: Partial<Record<Encoding, Promise<Buffer>>>;
}

/**
 * A few seconds of memory of public GET answers that are the same for everyone, per process: a repeat is
 * sent from memory and its revalidation (If-None-Match) is a 304, with no database work and no
 * serialisation. Like the sessions' memory it is only trusted while this process hears `channel` on the
 * event bus, on which the database names every change of what the answers are made of (triggers); any
 * message forgets everything, and an answer built while one arrived is not kept. A remembered answer
 * goes compressed to a client that accepts Brotli or gzip, each encoding made once per version.
 * Use as the route's `preHandler`, with `onSend: [answers.keep, etagged]`.
 */
export function createSharedAnswers({
  ms,
  now = Date.now,
  stale = () => false,
}: {
  ms: number;
  now?: () => number;
  /** Whether what the answer at `url` is made of expired by other means than a message (a timed memory). */
  stale?: (url: string) => boolean;
}) {
  const answers = new Map<string, Remembered>();
  let bus: EventBus | null = null;
  let heard = 0;
  const heardAt = new WeakMap<FastifyRequest, { heard: number; epoch: number }>();

  const listening = () => {
    const state = bus?.listening();
    return state?.connected ? state.epoch : null;
  };
  const forget = () => {
    heard += 1;
    answers.clear();
  };
  const fresh = (url: string) => {
    const hit = answers.get(url);
    return hit && hit.epoch === listening() && now() - hit.at < ms && !stale(url) ? hit : undefined;
  };

  return {
    /** Starts hearing `channel`; until then every answer is built afresh. */
    async follow(events: EventBus, channel: string): Promise<void> {
      await events.subscribe(channel, forget);
      bus = events;
    },

    /**
     * Forgets everything now, as a message would: for a change this process made, whose message reaches
     * it only a moment after the change is answered (PostgreSQL delivers NOTIFY asynchronously).
     */
    forget,

    /** Sends the remembered answer, or a 304 for it, when there is a fresh one. */
    preHandler(cacheControl: string) {
      return async (request: FastifyRequest, reply: FastifyReply) => {
        reply.header('cache-control', cacheControl).header('vary', 'Accept-Encoding');
        const hit = fresh(request.url);
        if (!hit) {
          const epoch = listening();
          if (epoch !== null) heardAt.set(request, { heard, epoch });
          return;
        }
        reply.header('etag', hit.etag);
        if (matchesEtag(request.headers['if-none-match'], hit.etag)) return reply.code(304).send();
        reply.type('application/json; charset=utf-8');
        const encoding = hit.body.length >= COMPRESS_FROM_BYTES ? acceptedEncoding(request) : null;
        if (!encoding) return reply.send(hit.body);
        // Made again every few seconds, as the memory renews: a middle level.
        hit.packed[encoding] ??= compress(hit.body, encoding, 'some');
        // The same content in another encoding: the tag is weak, and a revalidation still matches it.
        return reply
          .header('etag', `W/${hit.etag}`)
          .header('content-encoding', encoding)
          .send(await hit.packed[encoding]);
      };
    },

    /**
     * An onSend hook before `etagged`: keeps a 200 built while nothing was heard, tagged. Before, so that
     * an answer rebuilt for a revalidation (which `etagged` turns into a 304) is kept too: clients that
     * all hold the current version must not make every request rebuild it.
     */
    async keep(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      const before = heardAt.get(request);
      if (!before || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      if (before.heard !== heard || before.epoch !== listening()) return payload;
      const etag = etagOf(payload);
      reply.header('etag', etag);
      if (answers.size >= 256) answers.delete(answers.keys().next().value!);
      answers.set(request.url, { at: now(), epoch: before.epoch, etag, body: payload, packed: {} });
      return payload;
    },
  };
}
export type SharedAnswers = ReturnType<typeof createSharedAnswers>;
