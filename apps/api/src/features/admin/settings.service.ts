import { ACTIVATION_TTL_MS } from '@numero/contract/activations';
import {
  type MaskedSecret,
  SECRET_NAMES,
  type SecretName,
  type SettingsUpdate,
  type SettingsView,
  StoreSettings,
} from '@numero/contract/admin';
import type { Currency } from '@numero/contract/common';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../http/actor.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { type SettingRow, type SettingsRepository, STORE_PREFIX } from './settings.repository.ts';

type Key = keyof StoreSettings;
const KEYS = Object.keys(StoreSettings.shape) as Key[];
const valueKey = (k: Key) => `${STORE_PREFIX}${k}`;
const secretKey = (n: SecretName) => `${STORE_PREFIX}secret.${n}`;

/** How long a process trusts what it read: a change made by any process applies everywhere within this. */
export const SETTINGS_CACHE_MS = 2_000;

/** The values before anyone changed them: the spec's 20 minutes and the environment's limits. */
export function defaultSettings(config: {
  registrationsPerHour: number;
  payments: { provider: string; limits: Record<Currency, { min: number; max: number }> };
  numbers: { order: readonly string[] };
}): StoreSettings {
  return {
    activation_window_minutes: ACTIVATION_TTL_MS / 60_000,
    // No wait unless staff set one: cancelling at once is what customers could always do.
    early_cancel_minutes: 0,
    purchase_limit_per_minute: 10,
    topup_limits: {
      BRL: { ...config.payments.limits.BRL },
      USD: { ...config.payments.limits.USD },
    },
    registrations_per_hour: config.registrationsPerHour,
    sandbox: {
      payments: config.payments.provider === 'sandbox',
      numbers: config.numbers.order.includes('simulator'),
    },
    sms_providers: { order: [...config.numbers.order], disabled: [] },
  };
}

/** The configured providers in staff's order (new ones last), without the ones switched off. */
export function enabledProviders(saved: StoreSettings['sms_providers'], configured: readonly string[]) {
  const order = [
    ...saved.order.filter((n) => configured.includes(n)),
    ...configured.filter((n) => !saved.order.includes(n)),
  ];
  return order.filter((n) => !saved.disabled.includes(n));
}

/** Shows the last four characters of a long key only: enough to tell two keys apart, not to use one. */
function mask(value: string): string {
  return value.length >= 16 ? `••••${value.slice(-4)}` : '••••';
}

interface Snapshot {
  values: StoreSettings;
  secrets: Partial<Record<SecretName, string>>;
  updatedAt: Date | null;
  updatedBy: string | null;
}

function snapshotOf(rows: SettingRow[], defaults: StoreSettings): Snapshot {
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const values = { ...defaults } as Record<Key, unknown>;
  for (const k of KEYS) {
    const row = byKey.get(valueKey(k));
    if (!row) continue;
    // A stored value the current bounds refuse (a release narrowed them) falls back to the default.
    const parsed = StoreSettings.shape[k].safeParse(row.value);
    if (parsed.success) values[k] = parsed.data;
  }
  const secrets: Partial<Record<SecretName, string>> = {};
  for (const n of SECRET_NAMES) {
    const v = byKey.get(secretKey(n))?.value;
    if (typeof v === 'string') secrets[n] = v;
  }
  const latest = rows.reduce<SettingRow | null>((a, r) => (!a || r.updatedAt > a.updatedAt ? r : a), null);
  return {
    values: values as StoreSettings,
    secrets,
    updatedAt: latest?.updatedAt ?? null,
    updatedBy: latest?.updatedByEmail ?? null,
  };
}

/**
 * The store's settings, kept in the database. Each process reads them again once its copy is older than
 * SETTINGS_CACHE_MS, so a change made through any process applies to all of them without a restart, on
 * PGlite and PostgreSQL alike. Secrets are written here and read only by the code that uses them.
 */
export function createSettingsService(deps: {
  db: Db;
  repository: SettingsRepository;
  audit: Pick<AuditService, 'record'>;
  defaults: StoreSettings;
  now: () => Date;
  cacheMs?: number;
}) {
  const { db, repository, audit, defaults, now } = deps;
  const cacheMs = deps.cacheMs ?? SETTINGS_CACHE_MS;
  // Real elapsed time, not the app's clock: tests freeze that clock, and the cache must still expire.
  let cached: { readAt: number; snapshot: Snapshot } | null = null;
  let loading: Promise<Snapshot> | null = null;

  async function snapshot(): Promise<Snapshot> {
    if (cached && performance.now() - cached.readAt < cacheMs) return cached.snapshot;
    loading ??= repository
      .readAll()
      .then((rows) => {
        const s = snapshotOf(rows, defaults);
        cached = { readAt: performance.now(), snapshot: s };
        return s;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  function toView(s: Snapshot): SettingsView {
    const secrets = Object.fromEntries(
      SECRET_NAMES.map((n): [SecretName, MaskedSecret] => {
        const v = s.secrets[n];
        return [n, v ? { set: true, masked: mask(v) } : { set: false, masked: null }];
      }),
    ) as SettingsView['secrets'];
    return {
      values: s.values,
      secrets,
      updated_at: s.updatedAt?.toISOString() ?? null,
      updated_by: s.updatedBy,
    };
  }

  async function current(): Promise<StoreSettings> {
    return (await snapshot()).values;
  }

  return {
    current,

    /** What the settings screen shows: fresh from the database, secrets masked. */
    async view(): Promise<SettingsView> {
      cached = null;
      return toView(await snapshot());
    },

    /** Saves the given keys in one transaction, audited with what each was before and after. */
    async update(
      actor: Actor,
      body: { values?: Partial<StoreSettings>; secrets?: SettingsUpdate['secrets'] },
    ): Promise<SettingsView> {
      const values = (body.values ?? {}) as Partial<StoreSettings>;
      const secrets = body.secrets ?? {};
      const valueKeys = KEYS.filter((k) => values[k] !== undefined);
      const secretNames = SECRET_NAMES.filter((n) => secrets[n] !== undefined);
      if (valueKeys.length + secretNames.length > 0) {
        await db.transaction(async (tx) => {
          await repository.lockKeys([...valueKeys.map(valueKey), ...secretNames.map(secretKey)], tx);
          const before = snapshotOf(await repository.readAll(tx), defaults);
          const at = now();
          const was: Record<string, unknown> = {};
          const is: Record<string, unknown> = {};
          for (const k of valueKeys) {
            if (JSON.stringify(before.values[k]) === JSON.stringify(values[k])) continue;
            await repository.write(valueKey(k), values[k], actor.id, at, tx);
            was[k] = before.values[k];
            is[k] = values[k];
          }
          for (const n of secretNames) {
            const next = secrets[n];
            const had = before.secrets[n] !== undefined;
            if (next === null) {
              if (!had) continue;
              await repository.remove(secretKey(n), tx);
            } else await repository.write(secretKey(n), next, actor.id, at, tx);
            // The audit says that a key changed, never what it is.
            was[n] = had ? 'set' : 'unset';
            is[n] = next === null ? 'unset' : had ? 'replaced' : 'set';
          }
          if (Object.keys(is).length === 0) return;
          await audit.record(
            {
              action: 'UPDATE_SETTINGS',
              actor,
              entityType: 'settings',
              entityId: null,
              ip: actor.ip ?? null,
              before: was,
              after: is,
            },
            tx,
          );
        });
      }
      cached = null;
      return toView(await snapshot());
    },

    /** A payment provider key, for the code that calls the provider; null when staff never set it. */
    async secret(name: SecretName): Promise<string | null> {
      return (await snapshot()).secrets[name] ?? null;
    },

    /** New accounts per address per hour, as the auth feature's rate-limit rule. */
    async registrationRule() {
      return { limit: (await current()).registrations_per_hour, windowMs: 60 * 60_000 };
    },

    /** The activations feature's window, per-customer purchase limit and provider failover order. */
    async activationRules() {
      const s = await current();
      return {
        activationTtlMs: s.activation_window_minutes * 60_000,
        purchaseLimit: { limit: s.purchase_limit_per_minute, windowMs: 60_000 },
        providerOrder: enabledProviders(s.sms_providers, defaults.sms_providers.order).filter(
          (name) => s.sandbox.numbers || name !== 'simulator',
        ),
        earlyCancelMs: s.early_cancel_minutes * 60_000,
      };
    },

    /** Whether the sandbox's "pay now" may settle payments (the test-payments switch). */
    async sandboxPaymentsAllowed() {
      return (await current()).sandbox.payments;
    },

    /** Top-up minimum and maximum per currency, in cents. */
    async topupLimits() {
      return (await current()).topup_limits;
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
