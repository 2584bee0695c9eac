import type { SmsProvidersResponse, SmsProvidersUpdate } from '@numero/contract/admin-reports';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import type { NumberProvider } from '../../providers/numbers/number-provider.ts';
import type { SettingsService } from './settings.service.ts';
import { enabledProviders } from './settings.service.ts';
import type { SmsProvidersRepository } from './sms-providers.repository.ts';
import './admin.messages.ts';

/** A stock query on a common product stands for a health check: every provider answers it. */
const PROBE = { service: 'wa', country: 'BR' } as const;
const PROBE_TIMEOUT_MS = 5_000;

interface Health {
  status: 'up' | 'down';
  checkedAt: Date;
  latencyMs: number | null;
}

/** The upstream providers for staff: health, failover order, on/off, and how well each one serves. */
export function createSmsProviders(deps: {
  providers: readonly NumberProvider[];
  repository: SmsProvidersRepository;
  settings: Pick<SettingsService, 'current' | 'update'>;
  now: () => Date;
}) {
  const { providers, repository, settings, now } = deps;
  const configured = providers.map((p) => p.name);
  const health = new Map<string, Health>();

  async function probe(provider: NumberProvider): Promise<Health> {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        provider.getStock(PROBE.service, PROBE.country),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS);
        }),
      ]);
      return { status: 'up', checkedAt: now(), latencyMs: Math.round(performance.now() - started) };
    } catch {
      return { status: 'down', checkedAt: now(), latencyMs: null };
    } finally {
      clearTimeout(timer);
    }
  }

  function view(
    saved: { order: string[]; disabled: string[] },
    perf: Awaited<ReturnType<SmsProvidersRepository['performance']>>,
  ): SmsProvidersResponse['providers'] {
    const order = [
      ...saved.order.filter((n) => configured.includes(n)),
      ...configured.filter((n) => !saved.order.includes(n)),
    ];
    const enabled = enabledProviders(saved, configured);
    return order.map((name, i) => {
      const p = perf.find((x) => x.provider === name);
      const h = health.get(name);
      return {
        name,
        position: i + 1,
        enabled: enabled.includes(name),
        status: h?.status ?? 'unknown',
        checked_at: h?.checkedAt.toISOString() ?? null,
        latency_ms: h?.latencyMs ?? null,
        orders: p?.orders ?? 0,
        settled: p?.settled ?? 0,
        captured: p?.captured ?? 0,
        success_rate: p?.settled ? p.captured / p.settled : null,
        median_seconds_to_code: p?.medianSeconds ?? null,
      };
    });
  }

  async function list(): Promise<SmsProvidersResponse> {
    const [s, perf, latest] = await Promise.all([
      settings.current(),
      repository.performance(),
      repository.latestSms(20),
    ]);
    return { providers: view(s.sms_providers, perf), latest_sms: latest };
  }

  return {
    list,

    /** The periodic health check of every provider (a task of the admin module). */
    async checkHealth() {
      await Promise.all(providers.map(async (p) => health.set(p.name, await probe(p))));
    },

    async update(actor: Actor, body: SmsProvidersUpdate): Promise<SmsProvidersResponse> {
      const disabled = body.disabled ?? [];
      const unknown = [...body.order, ...disabled].find((n) => !configured.includes(n));
      if (unknown) throw new AppError('UNKNOWN_PROVIDER', 422, { name: unknown });
      if (body.order.length !== configured.length || new Set(body.order).size !== configured.length)
        throw new AppError('PROVIDER_ORDER_MISMATCH', 422);
      if (new Set(disabled).size >= configured.length) throw new AppError('LAST_PROVIDER', 422);
      await settings.update(actor, {
        values: { sms_providers: { order: body.order, disabled: [...new Set(disabled)] } },
      });
      return list();
    },
  };
}
export type SmsProviders = ReturnType<typeof createSmsProviders>;
