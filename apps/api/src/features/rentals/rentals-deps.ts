import type { Db } from '../../db/client.ts';
import type { NumberProvider } from '../../providers/numbers/number-provider.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { CustomerEvents } from '../events/customer-events.ts';
import type { RentalMoney } from './rental-money.ts';
import type { RentalRules } from './rental-rules.ts';
import type { RentalsRepository } from './rentals.repository.ts';

/** What the rentals' use cases share, built once by the module. */
export interface RentalsDeps {
  db: Db;
  repository: RentalsRepository;
  money: RentalMoney;
  rules: Pick<RentalRules, 'current'>;
  catalog: Pick<CatalogService, 'findProduct'> & Partial<Pick<CatalogService, 'listProducts'>>;
  providers: readonly NumberProvider[];
  /** The sellers staff switched on, in their order; absent: every configured one. */
  providerOrder?: () => Promise<readonly string[] | undefined>;
  audit?: Pick<AuditService, 'record'>;
  events?: Pick<CustomerEvents, 'record'>;
  log?: { warn(obj: object, msg: string): void; info?(obj: object, msg: string): void };
  now: () => Date;
}

/** The sellers to ask, in staff's order, without the ones switched off. */
export async function sellersInOrder(deps: Pick<RentalsDeps, 'providers' | 'providerOrder'>) {
  const order = await deps.providerOrder?.();
  return order ? order.flatMap((name) => deps.providers.filter((p) => p.name === name)) : [...deps.providers];
}
