import type { SecretName, SettingsUpdate, SettingsView, StoreSettings } from '@numero/contract/admin';
import { SECRET_NAMES } from '@numero/contract/admin';

export type MoneyKey = 'BRL.min' | 'BRL.max' | 'USD.min' | 'USD.max';
export const MONEY_KEYS: MoneyKey[] = ['BRL.min', 'BRL.max', 'USD.min', 'USD.max'];

/** What the form holds: every field as typed, money in units ("5,00"), keys typed anew or left blank. */
export interface SettingsDraft {
  activation_window_minutes: string;
  early_cancel_minutes: string;
  purchase_limit_per_minute: string;
  registrations_per_hour: string;
  money: Record<MoneyKey, string>;
  sandbox: StoreSettings['sandbox'];
  secrets: Record<SecretName, string>;
}

const units = (cents: number, lang: string) => {
  const text = (cents / 100).toFixed(2);
  return lang.startsWith('en') ? text : text.replace('.', ',');
};

export function draftOf(view: SettingsView, lang: string): SettingsDraft {
  const v = view.values;
  return {
    activation_window_minutes: String(v.activation_window_minutes),
    early_cancel_minutes: String(v.early_cancel_minutes),
    purchase_limit_per_minute: String(v.purchase_limit_per_minute),
    registrations_per_hour: String(v.registrations_per_hour),
    money: {
      'BRL.min': units(v.topup_limits.BRL.min, lang),
      'BRL.max': units(v.topup_limits.BRL.max, lang),
      'USD.min': units(v.topup_limits.USD.min, lang),
      'USD.max': units(v.topup_limits.USD.max, lang),
    },
    sandbox: { ...v.sandbox },
    secrets: Object.fromEntries(SECRET_NAMES.map((n) => [n, ''])) as Record<SecretName, string>,
  };
}

/** Cents from "5", "5,9", "5,90" or "5.90"; null when it is not an amount. */
export function parseUnits(text: string): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.replace(/R\$|US\$|\$|\s/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const whole = (text: string) => (/^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : null);

export type DraftErrors = Partial<Record<string, string>>;

/** The body to send, or which fields are wrong (keys of the messages in the page's texts). */
export function bodyOf(d: SettingsDraft): { body: SettingsUpdate } | { errors: DraftErrors } {
  const errors: DraftErrors = {};
  const n = (key: keyof SettingsDraft & string, min: number, max: number) => {
    const value = whole(d[key] as string);
    if (value === null || value < min || value > max) errors[key] = 'range';
    return value ?? 0;
  };
  const activation_window_minutes = n('activation_window_minutes', 5, 60);
  const early_cancel_minutes = n('early_cancel_minutes', 0, 20);
  const purchase_limit_per_minute = n('purchase_limit_per_minute', 1, 1000);
  const registrations_per_hour = n('registrations_per_hour', 1, 100_000);
  const money = {} as Record<MoneyKey, number>;
  for (const k of MONEY_KEYS) {
    const cents = parseUnits(d.money[k]);
    if (cents === null || cents < 100) errors[k] = 'money';
    money[k] = cents ?? 0;
  }
  for (const c of ['BRL', 'USD'] as const)
    if (!errors[`${c}.min`] && !errors[`${c}.max`] && money[`${c}.min`] > money[`${c}.max`])
      errors[`${c}.min`] = 'minAboveMax';
  const secrets: NonNullable<SettingsUpdate['secrets']> = {};
  for (const name of SECRET_NAMES) {
    const value = d.secrets[name].trim();
    if (!value) continue;
    if (value.length < 8 || !/^[\x21-\x7e]+$/.test(value)) errors[name] = 'secret';
    else secrets[name] = value;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      values: {
        activation_window_minutes,
        early_cancel_minutes,
        purchase_limit_per_minute,
        registrations_per_hour,
        topup_limits: {
          BRL: { min: money['BRL.min'], max: money['BRL.max'] },
          USD: { min: money['USD.min'], max: money['USD.max'] },
        },
        sandbox: d.sandbox,
      },
      ...(Object.keys(secrets).length > 0 ? { secrets } : {}),
    },
  };
}
