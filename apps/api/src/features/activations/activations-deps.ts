import type { Db, Tx } from '../../db/client.ts';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limit.ts';
import type { NumberProvider } from '../../providers/numbers/number-provider.ts';
import type { OperatorDirectory } from '../../providers/numbers/operators.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { CustomerEvents } from '../events/customer-events.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { ActivationsRepository } from './activations.repository.ts';

/**
 * Everything the activations use cases may need. It lives apart from activations.module.ts so that each
 * use case can pick its part of it without importing the file that composes them.
 */
export interface ActivationsDeps {
  db: Db;
  repository: ActivationsRepository;
  ledger: Pick<LedgerService, 'transfer'>;
  catalog: Pick<CatalogService, 'findProduct' | 'decrementStock'>;
  /** The product on sale of a service in a country, by codes (several services on one number). */
  findProductId?: (service: string, country: string) => Promise<number | null>;
  /** Upstream sellers in failover order. */
  providers: readonly NumberProvider[];
  /** The sellers' operators, remembered a while; without it each purchase with an operator asks them. */
  operators?: Pick<OperatorDirectory, 'list' | 'ofSeller'>;
  now: () => Date;
  /** Per-user limit on new purchases; none when absent. */
  rateLimiter?: RateLimiter;
  purchaseLimit?: RateLimitRule;
  /** Read on each purchase when given (staff change them in the store's settings); overrides the above. */
  rules?: () => Promise<{
    activationTtlMs: number;
    purchaseLimit: RateLimitRule;
    /** Provider names to try, in order (staff may reorder or switch some off); all of them when absent. */
    providerOrder?: readonly string[];
    /** How long after its number is assigned a customer must wait to cancel; none when absent. */
    earlyCancelMs?: number;
  }>;
  /** How long a claimed check may take before another worker may claim it again. */
  upstreamTimeoutMs?: number;
  /** Problems to look at (warn), and one line per sale, code and refund (info) for whoever reads the log. */
  log?: { warn(obj: object, msg: string): void; info?(obj: object, msg: string): void };
  /** Records what staff do to customers' activations, in the same transaction as the change. */
  audit?: Pick<AuditService, 'record'>;
  /** Told of every SMS shown to the customer, inside the transaction that records it (reseller webhooks). */
  onSmsReceived?: (
    tx: Tx,
    sms: { activationId: string; attempt: number; text: string; code: string; receivedAt: Date },
  ) => Promise<void>;
  /** Tells the customer's open pages of an SMS or a settlement, in the transaction that makes it. */
  events?: Pick<CustomerEvents, 'record'>;
}
