import type { Executor } from '../../db/client.ts';
import type { EventBus } from '../../db/event-bus.ts';
import type { CustomerEvent, CustomerEventType, EventsRepository } from './events.repository.ts';

/** The channel on which every process hears of every customer event (its id and whose it is). */
const CHANNEL = 'numero_customer_events';
/** Events are kept this long: enough for a page to reconnect and get what it missed. */
export const EVENTS_KEPT_MS = 60 * 60_000;

type Listener = () => void;

/**
 * What happened to a customer's activations and wallet, for their open pages. Recorded in the same
 * transaction as the change (activations through `record`; wallet movements by the database itself, with
 * each ledger entry, migration 0023), announced to every process at its commit; each process wakes the streams
 * of that customer it holds, which read what they have not sent yet from the table.
 */
export function createCustomerEvents(deps: { repository: EventsRepository; bus: EventBus; now: () => Date }) {
  const { repository, bus, now } = deps;
  const listeners = new Map<string, Set<Listener>>();
  let subscribed: Promise<unknown> | null = null;

  async function record(
    ex: Executor,
    userId: string,
    type: CustomerEventType,
    data: Record<string, unknown>,
  ): Promise<void> {
    // The row's trigger (migration 0022) announces it on CHANNEL at commit: { id, userId }.
    await repository.insert(ex, userId, type, data, now());
  }

  function wake(payload: string) {
    let userId: unknown;
    try {
      userId = (JSON.parse(payload) as { userId?: unknown }).userId;
    } catch {
      return;
    }
    if (typeof userId !== 'string') return;
    for (const listener of listeners.get(userId) ?? []) listener();
  }

  /** Calls `listener` whenever an event of this customer may be waiting; returns how to stop. */
  async function watch(userId: string, listener: Listener): Promise<() => void> {
    subscribed ??= bus.subscribe(CHANNEL, wake).catch((err) => {
      subscribed = null;
      throw err;
    });
    await subscribed;
    const set = listeners.get(userId) ?? new Set<Listener>();
    listeners.set(userId, set);
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && listeners.get(userId) === set) listeners.delete(userId);
    };
  }

  const pending = (userId: string, afterId: number): Promise<CustomerEvent[]> =>
    repository.listAfter(userId, afterId, 100);

  return { record, watch, pending, lastId: repository.lastId };
}
export type CustomerEvents = ReturnType<typeof createCustomerEvents>;
