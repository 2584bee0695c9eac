import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, registerMessages } from '../../http/errors.ts';
import { readSessionToken, type SessionAuthenticator } from '../../http/session.ts';
import type { CustomerEvents } from './customer-events.ts';

export interface StreamSettings {
  /** A comment line this often keeps proxies from closing an idle stream; the session is re-checked. */
  heartbeatMs: number;
  sessions: SessionAuthenticator;
  secureCookies: boolean;
}

registerMessages({
  EVENT_STREAM_ONLY: {
    pt: 'Este endereço responde apenas com um fluxo de eventos (Accept: text/event-stream).',
    en: 'This address answers only with an event stream (Accept: text/event-stream).',
  },
});

const Query = z.object({
  last_event_id: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional()
    .describe('For clients that cannot send the Last-Event-ID header: resume after this event.'),
});

/** The last event the client saw, from the header EventSource sends when it reconnects. */
function resumeFrom(header: unknown, query: string | undefined): number | null {
  const value = typeof header === 'string' ? header.trim() : query;
  return value && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

const frame = (e: { id: number; type: string; data: unknown }) =>
  `id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`;

/** GET /api/v1/events: the signed-in customer's activation and wallet events as server-sent events. */
export const eventsRoutes: FastifyPluginAsyncZod<{
  events: CustomerEvents;
  settings: StreamSettings;
}> = async (app, { events, settings }) => {
  // Open streams never go idle: closing the server ends them, or it would wait for them forever.
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  app.get(
    '/api/v1/events',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['events'],
        description:
          'Server-sent events of your activations (`activation`) and wallet (`wallet`). Reconnect with ' +
          'Last-Event-ID to get what you missed in the last hour; `: ping` comments every ~15 s.',
        querystring: Query,
      },
    },
    async (request, reply) => {
      // EventSource always asks for a stream; anything else would hold a connection it cannot read.
      if (!String(request.headers.accept ?? '').includes('text/event-stream'))
        throw new AppError('EVENT_STREAM_ONLY', 406);
      const userId = request.user!.id;
      let last = resumeFrom(request.headers['last-event-id'], request.query.last_event_id);
      last ??= await events.lastId();
      const res = reply.raw;
      let closed = false;
      let flushing = false;
      let again = false;

      // Sends what this customer has not been sent yet; wake-ups during a send run one more round.
      async function flush(): Promise<void> {
        if (flushing) {
          again = true;
          return;
        }
        flushing = true;
        try {
          do {
            again = false;
            const batch = await events.pending(userId, last!);
            for (const e of batch) {
              if (closed) return;
              res.write(frame(e));
              last = e.id;
            }
            if (batch.length === 100) again = true;
          } while (again && !closed);
        } catch (err) {
          request.log.warn({ err }, 'event stream read failed');
        } finally {
          flushing = false;
        }
      }

      const unwatch = await events.watch(userId, () => void flush());
      const heartbeat = setInterval(async () => {
        const token = readSessionToken(request, settings.secureCookies);
        const alive = token ? await settings.sessions.authenticate(token).catch(() => null) : null;
        // Signed out (here or elsewhere), expired or deactivated: the stream ends with the session.
        if (!alive || alive.user.id !== userId) return end();
        if (!closed) res.write(': ping\n\n');
        // Also catches up on anything whose wake-up was lost (a listener that reconnected).
        void flush();
      }, settings.heartbeatMs);
      heartbeat.unref();

      function end() {
        if (closed) return;
        closed = true;
        open.delete(end);
        clearInterval(heartbeat);
        unwatch();
        res.end();
      }
      open.add(end);
      request.raw.on('close', end);

      reply.hijack();
      res.writeHead(200, {
        // What the hooks set (the security headers) goes out with the stream's own.
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // nginx and others buffer responses unless told not to; events must pass at once.
        'x-accel-buffering': 'no',
      });
      res.write('retry: 2000\n: connected\n\n');
      await flush();
    },
  );
};
