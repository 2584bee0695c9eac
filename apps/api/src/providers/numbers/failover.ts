import type { AssignedNumber, NumberProvider, NumberRequest } from './number-provider.ts';
import { UpstreamError } from './number-provider.ts';

export interface ServedNumber extends AssignedNumber {
  /** Name of the provider that sold the number: later calls for this activation must go to it. */
  provider: string;
}

/** Told about each provider that failed in a way that sent the request on to the next one. */
export type ProviderFailureListener = (provider: string, error: UpstreamError) => void;

/**
 * Buys from the first provider that has a number, in the given order. Only errors that another
 * provider might not have (no stock, no balance, an outage...) move on; the last one is rethrown.
 * `beforeRequest` runs before each provider is asked (to record it); when it throws, nothing is asked.
 */
export async function requestNumberWithFailover(
  providers: readonly NumberProvider[],
  req: NumberRequest,
  onFailure?: ProviderFailureListener,
  beforeRequest?: (provider: NumberProvider) => Promise<void>,
): Promise<ServedNumber> {
  let lastError: UpstreamError | undefined;
  for (const provider of providers) {
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
