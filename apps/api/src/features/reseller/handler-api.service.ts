import type { OperatorDirectory } from '../../providers/numbers/operators.ts';
import type { KeyHolder } from '../account/api-keys.service.ts';
import type { CustomerActivations } from '../activations/activations.module.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { createActivationAnswers } from './activation-answers.ts';
import { createCatalogAnswers } from './catalog-answers.ts';
import { createHistoryAnswers } from './history-answers.ts';
import { createMultiServiceAnswers } from './multi-service-answers.ts';
import { decimal, type ProtocolParams, type ProtocolReply, token } from './protocol-format.ts';
import { createRentAnswers } from './rent-answers.ts';
import { createReuseAnswers } from './reuse-answers.ts';
import type { WebhooksService } from './webhooks.service.ts';

export interface HandlerApiDeps {
  now: () => Date;
  /** A rebuild of the catalogue's answers in the background failed (the next call builds it again). */
  onError?: (err: unknown) => void;
  activations: Pick<
    CustomerActivations,
    | 'purchase'
    | 'getByPublicId'
    | 'list'
    | 'cancel'
    | 'resend'
    | 'finish'
    | 'quoteReuse'
    | 'reuse'
    | 'purchaseMulti'
  >;
  catalog: Pick<CatalogService, 'listProducts' | 'shelfOf' | 'listServices' | 'listCountries'> &
    Partial<Pick<CatalogService, 'recordsExpired'>>;
  ledger: Pick<LedgerService, 'walletBalance'>;
  webhooks: Pick<WebhooksService, 'rememberKey'>;
  /** The sellers' operators, for getOperators and getNumbersStatus; "any" only without it. */
  operators?: Pick<OperatorDirectory, 'list'>;
  /** Rentals (getRentNumber and the other rent actions); absent: those actions are BAD_ACTION. */
  rentals?: Parameters<typeof createRentAnswers>[0]['rentals'];
}

/**
 * The handler_api.php protocol on top of the store: the catalogue's answers, the activations' answers,
 * and the balance, dispatched by `action`.
 */
export function createHandlerApi(deps: HandlerApiDeps) {
  const { activations, catalog, ledger, webhooks, now, onError } = deps;
  const catalogAnswers = createCatalogAnswers({ catalog, operators: deps.operators, onError });
  const activationAnswers = createActivationAnswers({
    activations,
    catalog,
    webhooks,
    serviceCodes: catalogAnswers.serviceCodes,
  });
  const { serviceCodes: _codes, memory: catalogMemory, ...catalogActions } = catalogAnswers;

  const getBalance = async (holder: KeyHolder) =>
    token(`ACCESS_BALANCE:${decimal(await ledger.walletBalance(holder.userId, holder.currency))}`);
  const actions: Record<string, (holder: KeyHolder, params: ProtocolParams) => Promise<ProtocolReply>> = {
    getBalance,
    // The store pays no cashback: the balance with cashback is the balance.
    getBalanceAndCashBack: getBalance,
    ...catalogActions,
    ...activationAnswers,
    ...createHistoryAnswers({ activations, now }),
    ...(deps.rentals
      ? createRentAnswers({ rentals: deps.rentals, serviceCodes: catalogAnswers.serviceCodes })
      : {}),
    ...createReuseAnswers({ activations, ledger, webhooks }),
    ...createMultiServiceAnswers({ activations, webhooks, serviceCodes: catalogAnswers.serviceCodes }),
  };

  return {
    /** The catalogue answers' memory, to follow the catalogue's messages on the bus. */
    catalogMemory,

    /** Answers one call of an authenticated key holder; an unknown action is BAD_ACTION. */
    async run(holder: KeyHolder, action: string | undefined, params: ProtocolParams) {
      const handler = action && Object.hasOwn(actions, action) ? actions[action] : undefined;
      return handler ? handler(holder, params) : token('BAD_ACTION');
    },
  };
}
export type HandlerApi = ReturnType<typeof createHandlerApi>;
