import { createFailoverProvider } from './failover.ts';
import { createFiveSimProvider } from './fivesim.ts';
import { inboundSmsPath } from './inbound.ts';
import type { NumberProvider } from './number-provider.ts';
import type { numbersConfig } from './numbers.config.ts';
import { createSimulatorProvider } from './simulator.ts';
import { marketCatalogue } from './simulator-data.ts';
import { createSmsActivateProvider } from './sms-activate.ts';

export type NumbersConfig = ReturnType<typeof numbersConfig>;

/** Where this process listens, for the simulator's pushes when no SIMULATOR_PUSH_URL is given. */
export interface ThisServer {
  env: string;
  host: string;
  port: number;
}

function simulatorPush(numbers: NumbersConfig, server?: ThisServer) {
  const { push, pushUrl } = numbers.simulator;
  if (!server || !(push ?? server.env !== 'test')) return undefined;
  const host = ['0.0.0.0', '::', ''].includes(server.host) ? '127.0.0.1' : server.host;
  const base = pushUrl ?? `http://${host.includes(':') ? `[${host}]` : host}:${server.port}`;
  return { url: `${base}${inboundSmsPath('simulator', numbers.inbound.token)}` };
}

/** The configured upstream sellers in failover order; the simulator reads the app's clock. */
export function buildNumberProviders(
  numbers: NumbersConfig,
  now: () => Date,
  server?: ThisServer,
): readonly NumberProvider[] {
  const list = numbers.order.map((name): NumberProvider => {
    switch (name) {
      case 'simulator':
        return createSimulatorProvider({
          ...numbers.simulator,
          catalogue: numbers.simulator.catalogue === 'market' ? marketCatalogue() : undefined,
          push: simulatorPush(numbers, server),
          now: () => now().getTime(),
        });
      case 'sms-activate':
        return createSmsActivateProvider({
          baseUrl: numbers.smsActivate.baseUrl!,
          apiKey: numbers.smsActivate.apiKey!,
          name: numbers.smsActivate.name,
          pushes: numbers.smsActivate.pushes,
          currency: numbers.smsActivate.currency,
          timeoutMs: numbers.timeoutMs,
        });
      default:
        return createFiveSimProvider({
          baseUrl: numbers.fiveSim.baseUrl,
          token: numbers.fiveSim.token!,
          operator: numbers.fiveSim.operator,
          currency: numbers.fiveSim.currency,
          timeoutMs: numbers.timeoutMs,
        });
    }
  });
  // Refuses an empty list or two providers under one name: activations are routed back by name.
  return createFailoverProvider(list).providers;
}

/** Numbers on offer for a service in a country across every seller (any of them can serve an order). */
export function stockFromProviders(
  providers: readonly NumberProvider[],
): (service: string, country: string) => Promise<number | null> {
  return async (service, country) => {
    const counts = await Promise.allSettled(providers.map((p) => p.getStock(service, country)));
    const known = counts.flatMap((c) =>
      c.status === 'fulfilled' && Number.isFinite(c.value) ? [c.value] : [],
    );
    return known.length === 0 ? null : known.reduce((a, b) => a + b, 0);
  };
}
