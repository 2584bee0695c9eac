import type { OperatorLookup } from './failover.ts';
import type { NumberProvider } from './number-provider.ts';

/** How long one seller's list of a country's operators is trusted: operators change over months. */
export const OPERATORS_MEMORY_MS = 5 * 60_000;
/** Lists kept per process at most (sellers × countries × services); past it the memory starts again. */
const MAX_LISTS = 5_000;

/**
 * The operators the store's sellers sell, remembered a few minutes per process: the purchase dialog and
 * the protocol's getOperators ask for them often, and a purchase with an operator asks which sellers
 * have it (failover.ts). A seller that fails to answer is asked again next time, not remembered.
 */
export function createOperatorDirectory(deps: {
  providers: readonly NumberProvider[];
  /** The sellers staff have not switched off, in their order; all of them when absent. */
  enabled?: () => Promise<readonly string[] | undefined>;
  ttlMs?: number;
  now?: () => number;
  onError?: (provider: string, err: unknown) => void;
}) {
  const ttlMs = deps.ttlMs ?? OPERATORS_MEMORY_MS;
  const now = deps.now ?? Date.now;
  const memory = new Map<string, { until: number; operators: Promise<string[]> }>();

  /** One seller's operators in a country, for a service when given. */
  const ofSeller = (provider: NumberProvider, country: string, service?: string): Promise<string[]> => {
    if (!provider.listOperators) return Promise.resolve([]);
    const key = `${provider.name}\n${country}\n${service ?? ''}`;
    const known = memory.get(key);
    if (known && known.until > now()) return known.operators;
    if (memory.size >= MAX_LISTS) memory.clear();
    const operators = provider.listOperators(country, service);
    memory.set(key, { until: now() + ttlMs, operators });
    operators.catch(() => memory.delete(key));
    return operators;
  };

  /** Every operator some enabled seller sells in the country (for the service), sorted; none when none. */
  async function list(country: string, service?: string): Promise<string[]> {
    const order = await deps.enabled?.();
    const sellers = order
      ? order.flatMap((name) => deps.providers.filter((p) => p.name === name))
      : deps.providers;
    const lists = await Promise.all(
      sellers.map((p) =>
        ofSeller(p, country, service).catch((err: unknown) => {
          deps.onError?.(p.name, err);
          return [];
        }),
      ),
    );
    return [...new Set(lists.flat())].sort();
  }

  const lookup: OperatorLookup = ofSeller;
  return { ofSeller: lookup, list };
}
export type OperatorDirectory = ReturnType<typeof createOperatorDirectory>;
