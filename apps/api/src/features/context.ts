import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { RateLimiter } from '../http/rate-limit.ts';
import type { PeriodicTask } from '../jobs/scheduler.ts';
import type { UsersService } from './account/account.service.ts';
import type { AuditService } from './audit/audit.service.ts';
import type { AuthService } from './auth/auth.service.ts';
import type { LedgerService } from './ledger/ledger.service.ts';

export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What buildApp hands each feature: shared services, the clock, and a way to add background tasks. */
export interface FeatureContext {
  app: ZodApp;
  config: Config;
  database: Database;
  now: () => Date;
  ledger: LedgerService;
  audit: AuditService;
  users: UsersService;
  auth: AuthService;
  /** Counters in PostgreSQL, or in Redis when REDIS_URL is set. */
  limiter: RateLimiter;
  addTask(task: PeriodicTask): void;
}
