import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { PaymentsConfig } from '../../providers/payments/payments.config.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { BuiltProvider } from './payment-providers.ts';
import type { PaymentsRepository } from './payments.repository.ts';

/** What the top-up use cases need; each takes the part it uses. */
export interface PaymentsDeps {
  db: Db;
  repository: PaymentsRepository;
  ledger: Pick<LedgerService, 'transfer'>;
  built: BuiltProvider;
  limiter: RateLimiter;
  config: Pick<PaymentsConfig, 'limits' | 'rateLimit'>;
  /** Read on each top-up when given (staff change them in the store's settings); else config.limits. */
  topupLimits?: () => Promise<PaymentsConfig['limits']>;
  /** Whether staff allow the sandbox's "pay now" (the store's settings); always when absent. */
  sandboxAllowed?: () => Promise<boolean>;
  publicUrl: string;
  now: () => Date;
  log: FastifyBaseLogger;
}
