import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../db/event-bus.ts';
import type { SessionAuthenticator } from '../../http/session.ts';
import type { FeatureModule } from '../../module.ts';
import { createCustomerEvents, EVENTS_KEPT_MS } from './customer-events.ts';
import { createEventsRepository } from './events.repository.ts';
import { eventsRoutes } from './events.routes.ts';

const HEARTBEAT_MS = 15_000;

/** Customers' live events: recorded by the other features, streamed to their open pages. */
export function createEventsModule(deps: {
  db: Db;
  bus: EventBus;
  sessions: SessionAuthenticator;
  secureCookies: boolean;
  now: () => Date;
  heartbeatMs?: number;
}) {
  const repository = createEventsRepository(deps.db);
  const service = createCustomerEvents({ repository, bus: deps.bus, now: deps.now });
  const module: FeatureModule = {
    routes: async (app) => {
      await app.register(eventsRoutes, {
        events: service,
        settings: {
          sessions: deps.sessions,
          secureCookies: deps.secureCookies,
          heartbeatMs: deps.heartbeatMs ?? HEARTBEAT_MS,
        },
      });
    },
    tasks: [
      {
        name: 'events:prune',
        intervalMs: 60_000,
        run: () => repository.pruneBefore(new Date(deps.now().getTime() - EVENTS_KEPT_MS)),
      },
    ],
  };
  return { ...module, service };
}
