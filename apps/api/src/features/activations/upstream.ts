import { providerByName } from '../../providers/numbers/failover.ts';
import type { NumberProvider } from '../../providers/numbers/number-provider.ts';
import type { ActivationRow } from './activations.repository.ts';
import type { ActivationsDeps } from './activations-deps.ts';

/** Upstream sellers as the use cases reach them: failures are logged, never thrown where nothing waits. */
export function createUpstream(deps: Pick<ActivationsDeps, 'providers' | 'log'>) {
  const warn = (err: unknown, msg: string, extra: object = {}) =>
    deps.log?.warn({ ...extra, err: err instanceof Error ? err.message : String(err) }, msg);

  /** Calls upstream when nothing depends on the answer (an expired number, a finished one). */
  async function bestEffort(what: string, row: Pick<ActivationRow, 'id'>, call: () => Promise<void>) {
    try {
      await call();
    } catch (err) {
      warn(err, `upstream ${what} failed`, { activation: row.id });
    }
  }

  function upstreamOf(row: Pick<ActivationRow, 'provider'>): NumberProvider {
    return providerByName(deps.providers, row.provider ?? '');
  }

  return { warn, bestEffort, upstreamOf };
}
export type Upstream = ReturnType<typeof createUpstream>;
