import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PeriodicTask } from './jobs/scheduler.ts';

export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * What each feature's `createXModule(deps)` gives the composition root: its routes (registered once by
 * app.ts) and its periodic tasks. Services it offers other features are returned beside these.
 */
export interface FeatureModule {
  routes(app: ZodApp): Promise<void>;
  tasks: PeriodicTask[];
}
