import type { EventBus } from '../db/event-bus.ts';
import { compress, type Encoding } from './compression.ts';

/** A JSON answer as it is sent: its bytes, and the same compressed where that is worth it. */
export interface PreparedJson {
  body: Buffer;
  packed: Partial<Record<Encoding, Buffer>>;
}

/** Answers shorter than this are sent as they are: compressing them saves less than it costs. */
const COMPRESS_FROM_BYTES = 1_024;

/**
 * `value` as JSON, byte for byte what `reply.send(value)` writes, and its Brotli and gzip forms made
 * now, once per version of the answer, so that sending it is a copy from memory.
 */
export async function prepareJson(value: unknown): Promise<PreparedJson> {
  return prepareText(JSON.stringify(value));
}

/** JSON text already made (a long answer made piecewise), kept ready to send as prepareJson keeps it. */
export async function prepareText(text: string): Promise<PreparedJson> {
  const body = Buffer.from(text);
  if (body.length < COMPRESS_FROM_BYTES) return { body, packed: {} };
  // Made again every few seconds, as the memory renews: a middle level, off the main thread.
  const [br, gzip] = await Promise.all([compress(text, 'br', 'some'), compress(text, 'gzip', 'some')]);
  return { body, packed: { br, gzip } };
}

interface Kept<T> {
  value: T;
  at: number;
  /** The bus connection it was built under (null: none heard), and the messages heard before it began. */
  epoch: number | null;
  heard: number;
}

/**
 * One value per key (a currency), built from the database and kept in this process's memory, for
 * answers that are the same for every caller with that key. Rebuilt when:
 * - the database announces a change on the channel followed (any message forgets everything; a value
 *   built while one arrived is handed to its waiting callers but not kept);
 * - it is `ms` old (what is announced on no channel moves too: a sale's stock, the track records): the
 *   kept value still answers while one rebuild runs, up to `maxMs`, after which callers wait for it;
 * - `stale()` says what it was made of expired by another clock.
 * A process that hears nothing keeps a value only for `ms`. Callers arriving during a build share it, and
 * a key is never built twice at once: a build asked for during an outdated one starts when that ends.
 */
export function createCatalogMemory<T>({
  build,
  ms,
  maxMs,
  now = Date.now,
  stale = () => false,
  onError,
}: {
  build: (key: string) => Promise<T>;
  ms: number;
  maxMs: number;
  now?: () => number;
  stale?: () => boolean;
  /** A rebuild in the background that failed: the next caller tries again. */
  onError?: (err: unknown) => void;
}) {
  const kept = new Map<string, Kept<T>>();
  const building = new Map<string, { heard: number; epoch: number | null; done: Promise<Kept<T>> }>();
  let bus: EventBus | null = null;
  let heard = 0;

  const listening = () => {
    const state = bus?.listening();
    return state?.connected ? state.epoch : null;
  };
  const forget = () => {
    heard += 1;
    kept.clear();
  };
  /** Whether a value built under `epoch` after `count` messages still stands for the catalogue now. */
  const current = (v: { epoch: number | null; heard: number }) =>
    v.heard === heard && v.epoch === listening();

  function start(key: string): Promise<Kept<T>> {
    const running = building.get(key);
    if (running && current(running)) return running.done;
    const begin = { heard, epoch: listening() };
    const done = (async () => {
      // One build of a key at a time: an outdated one still running is waited for first.
      if (running) await running.done.catch(() => undefined);
      const value = await build(key);
      const entry = { value, at: now(), ...begin };
      if (current(entry)) kept.set(key, entry);
      return entry;
    })();
    const flight = { ...begin, done };
    building.set(key, flight);
    const clear = () => {
      if (building.get(key) === flight) building.delete(key);
    };
    done.then(clear, clear);
    return done;
  }

  return {
    /** Starts hearing `channel`; until then every value lives only `ms`. */
    async follow(events: EventBus, channel: string): Promise<void> {
      await events.subscribe(channel, forget);
      bus = events;
    },

    /** Forgets every value now, as a message would. */
    forget,

    /** The value of `key`, built if there is none that stands. */
    async get(key: string): Promise<T> {
      const hit = kept.get(key);
      const age = hit ? now() - hit.at : Number.POSITIVE_INFINITY;
      if (hit && current(hit) && !stale() && age < maxMs) {
        if (age >= ms && !building.has(key)) start(key).catch((err) => onError?.(err));
        return hit.value;
      }
      return (await start(key)).value;
    },
  };
}
export type CatalogMemory<T> = ReturnType<typeof createCatalogMemory<T>>;
