import {
  type NumberProvider,
  offersRent,
  type RentedNumber,
  type RentingProvider,
  type RentRequest,
  UpstreamError,
} from './number-provider.ts';

/** The sellers, in their order, that rent numbers for `hours` (failover goes only through these). */
export function rentingSellers(providers: readonly NumberProvider[], hours?: number): RentingProvider[] {
  return providers.filter(offersRent).filter((p) => hours === undefined || p.rental.hours.includes(hours));
}

/**
 * Rents from the first seller that has a number, as requestNumberWithFailover buys: only errors another
 * seller might not have move on; the last one is rethrown. `beforeRequest` runs before each is asked.
 */
export async function rentWithFailover(
  providers: readonly NumberProvider[],
  req: RentRequest,
  onFailure?: (provider: string, error: UpstreamError) => void,
): Promise<RentedNumber & { provider: string }> {
  let lastError: UpstreamError | undefined;
  for (const provider of rentingSellers(providers, req.hours)) {
    try {
      return { ...(await provider.rental.rent(req)), provider: provider.name };
    } catch (err) {
      if (!(err instanceof UpstreamError) || !err.retryableElsewhere) throw err;
      onFailure?.(provider.name, err);
      lastError = err;
    }
  }
  throw lastError ?? new UpstreamError('NO_NUMBERS', 'no number provider rents numbers for this duration');
}
