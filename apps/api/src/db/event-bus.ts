import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from './client.ts';

export type EventHandler = (payload: string) => void;

/**
 * Lets every process sharing the database hear what the database announces, through PostgreSQL
 * LISTEN/NOTIFY (PGlite, one process, runs the same statements in process). The messages are sent by
 * triggers (migrations 0020 and 0022), so they leave at the commit of the change and not at all on a
 * rollback: nobody hears of a change that did not happen. Delivery is at most once (a listener that
 * reconnects misses what was sent meanwhile): whoever needs every event keeps it in a table and uses
 * this only to wake up.
 */
export interface EventBus {
  subscribe(channel: string, handler: EventHandler): Promise<() => Promise<void>>;
  /**
   * Whether messages are being heard now, and which connection hears them: a listener that caches what
   * a message would invalidate trusts only what it read while connected, on the same connection.
   */
  listening(): { connected: boolean; epoch: number };
  close(): Promise<void>;
}

const RECONNECT_MS = 1_000;
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

function checkChannel(channel: string) {
  if (!CHANNEL.test(channel)) throw new Error(`event bus: bad channel name "${channel}"`);
}

/** Handlers per channel, and the LISTEN/UNLISTEN that goes with the first and the last of them. */
function createHandlers(
  listen: (channel: string) => Promise<void>,
  unlisten: (channel: string) => Promise<void>,
) {
  const byChannel = new Map<string, Set<EventHandler>>();
  return {
    byChannel,
    deliver(channel: string, payload: string) {
      for (const handler of byChannel.get(channel) ?? []) {
        try {
          handler(payload);
        } catch {
          // One subscriber's failure is its own; the others still hear the event.
        }
      }
    },
    async subscribe(channel: string, handler: EventHandler) {
      checkChannel(channel);
      let set = byChannel.get(channel);
      if (!set) {
        set = new Set();
        byChannel.set(channel, set);
        await listen(channel);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (set.size === 0 && byChannel.get(channel) === set) {
          byChannel.delete(channel);
          await unlisten(channel);
        }
      };
    },
  };
}

function pgliteBus(client: PGlite): EventBus {
  const unlisteners = new Map<string, () => Promise<void>>();
  const handlers = createHandlers(
    async (channel) => {
      unlisteners.set(channel, await client.listen(channel, (payload) => handlers.deliver(channel, payload)));
    },
    async (channel) => {
      await unlisteners.get(channel)?.();
      unlisteners.delete(channel);
    },
  );
  return {
    subscribe: handlers.subscribe,
    listening: () => ({ connected: !client.closed, epoch: 0 }),
    async close() {
      handlers.byChannel.clear();
      if (client.closed) return;
      for (const off of unlisteners.values()) await off();
      unlisteners.clear();
    },
  };
}

/** Told once when the listening connection is lost (not at every failed retry), once when it is back. */
export interface BusWatcher {
  onLost?: (err: unknown) => void;
  onBack?: () => void;
}

/** One connection per process holds every LISTEN; it reconnects, and listens again, when it drops. */
function postgresBus(options: pg.ClientConfig, { onLost, onBack }: BusWatcher): EventBus {
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  /** Counts the connections made: a message sent between two of them was missed. */
  let epoch = 0;
  let lost = false;
  const lose = (err: unknown) => {
    if (lost) return;
    lost = true;
    onLost?.(err);
  };
  const quoted = (channel: string) => `"${channel}"`;

  async function connect(): Promise<pg.Client> {
    if (client) return client;
    connecting ??= (async () => {
      const c = new pg.Client({ ...options, connectionTimeoutMillis: 5_000 });
      c.on('notification', (msg) => handlers.deliver(msg.channel, msg.payload ?? ''));
      c.on('error', (err) => {
        lose(err);
        dropped(c);
      });
      c.on('end', () => dropped(c));
      try {
        await c.connect();
        for (const channel of handlers.byChannel.keys()) await c.query(`LISTEN ${quoted(channel)}`);
      } catch (err) {
        await c.end().catch(() => {});
        throw err;
      }
      client = c;
      epoch += 1;
      if (lost) {
        lost = false;
        onBack?.();
      }
      return c;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  function dropped(c: pg.Client) {
    if (client !== c) return;
    client = null;
    if (closed || retry) return;
    const again = () => {
      retry = null;
      if (closed || handlers.byChannel.size === 0) return;
      connect().catch((err) => {
        lose(err);
        retry = setTimeout(again, RECONNECT_MS);
        retry.unref();
      });
    };
    retry = setTimeout(again, RECONNECT_MS);
    retry.unref();
  }

  const handlers = createHandlers(
    async (channel) => {
      // A fresh connection LISTENs to every channel it knows of, this one included.
      const wasConnected = client !== null;
      const c = await connect();
      if (wasConnected) await c.query(`LISTEN ${quoted(channel)}`);
    },
    async (channel) => {
      await client?.query(`UNLISTEN ${quoted(channel)}`).catch(() => {});
    },
  );

  return {
    subscribe: handlers.subscribe,
    listening: () => ({ connected: client !== null, epoch }),
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      handlers.byChannel.clear();
      const c = client ?? (await connecting?.catch(() => null)) ?? null;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

export function createEventBus(database: Pick<Database, 'kind' | 'db'>, watcher: BusWatcher = {}): EventBus {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (database.kind === 'pglite') return pgliteBus(client as PGlite);
  // The listening connection lives outside the pool (it is never given back), with the pool's settings.
  return postgresBus((client as pg.Pool).options, watcher);
}
