import type { AssignedNumber, NumberProvider, NumberRequest } from './number-provider.ts';
import { ANY_OPERATOR, UpstreamError } from './number-provider.ts';

export interface ServedNumber extends AssignedNumber {
  /** Name of the provider that sold the number: later calls for this activation must go to it. */
  provider: string;
}

/** A seller's operators in a country (listOperators, possibly remembered a while by the caller). */
export type OperatorLookup = (
  provider: NumberProvider,
  country: string,
  service: string,
) => Promise<string[]>;

const askSeller: OperatorLookup = (provider, country, service) =>
  provider.listOperators ? provider.listOperators(country, service) : Promise.resolve([]);

/** Told about each provider that failed in a way that sent the request on to the next one. */
export type ProviderFailureListener = (provider: string, error: UpstreamError) => void;

/**
 * The providers, in their order, that sell numbers of `req.operator` in the country (all of them when no
 * operator is named). None: BAD_OPERATOR, so a chosen operator is refused rather than bought as "any";
 * but when a seller could not say, its failure, as the operator may well be sold there.
 */
export async function sellersOfOperator(
  providers: readonly NumberProvider[],
  req: NumberRequest,
  onFailure?: ProviderFailureListener,
  operatorsOf: OperatorLookup = askSeller,
): Promise<NumberProvider[]> {
  const operator = req.operator;
  if (operator === undefined || operator === ANY_OPERATOR) return [...providers];
  const sellers: NumberProvider[] = [];
  let unanswered: UpstreamError | undefined;
  for (const provider of providers) {
    if (!provider.listOperators) continue;
    try {
      if ((await operatorsOf(provider, req.country, req.service)).includes(operator)) sellers.push(provider);
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err;
      onFailure?.(provider.name, err);
      unanswered = err;
    }
  }
  if (sellers.length > 0) return sellers;
  throw (
    unanswered ??
    new UpstreamError('BAD_OPERATOR', `no number provider sells operator "${operator}" in ${req.country}`)
  );
}

/**
 * Buys from the first provider that has a number, in the given order. Only errors that another
 * provider might not have (no stock, no balance, an outage...) move on; the last one is rethrown.
 * `beforeRequest` runs before each provider is asked (to record it); when it throws, nothing is asked.
 * With an operator, only the providers that sell it are asked (sellersOfOperator).
 */
export async function requestNumberWithFailover(
  providers: readonly NumberProvider[],
  req: NumberRequest,
  onFailure?: ProviderFailureListener,
  beforeRequest?: (provider: NumberProvider) => Promise<void>,
  operatorsOf?: OperatorLookup,
): Promise<ServedNumber> {
  let lastError: UpstreamError | undefined;
  const sellers = await sellersOfOperator(providers, req, onFailure, operatorsOf);
  for (const provider of sellers) {
    await beforeRequest?.(provider);
    try {
      const assigned = await provider.requestNumber(req);
      return { ...assigned, provider: provider.name };
    } catch (err) {
      if (!(err instanceof UpstreamError) || !err.retryableElsewhere) throw err;
      onFailure?.(provider.name, err);
      lastError = err;
    }
  }
  throw lastError ?? new UpstreamError('UNAVAILABLE', 'no number provider is configured');
}

/** The provider an activation was bought from, by the name stored with it. */
export function providerByName(providers: readonly NumberProvider[], name: string): NumberProvider {
  const provider = providers.find((p) => p.name === name);
  if (!provider) throw new UpstreamError('UNAVAILABLE', `number provider "${name}" is not configured`);
  return provider;
}

export function createFailoverProvider(
  providers: readonly NumberProvider[],
  opts: { onFailure?: ProviderFailureListener } = {},
) {
  if (providers.length === 0) throw new Error('failover: at least one number provider is needed');
  const names = providers.map((p) => p.name);
  const duplicate = names.find((name, i) => names.indexOf(name) !== i);
  // Activations are routed back by name, so two providers with one name would mix their orders up.
  if (duplicate) throw new Error(`failover: two number providers are named "${duplicate}"`);
  return {
    providers,
    requestNumber: (req: NumberRequest) => requestNumberWithFailover(providers, req, opts.onFailure),
    byName: (name: string) => providerByName(providers, name),
  };
}

export type FailoverProvider = ReturnType<typeof createFailoverProvider>;
