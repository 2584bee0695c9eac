import { zodResolver } from '@hookform/resolvers/zod';
import {
  SECRET_NAMES,
  type SecretName,
  SecretValue,
  SettingsUpdate,
  type SettingsView,
  StoreSettings,
} from '@numero/contract/admin';
import type { FieldError, Resolver } from 'react-hook-form';
import { z } from 'zod';

type TopupCurrency = 'BRL' | 'USD';
export const TOPUP_CURRENCIES: TopupCurrency[] = ['BRL', 'USD'];

export type NumberKey =
  | 'activation_window_minutes'
  | 'early_cancel_minutes'
  | 'purchase_limit_per_minute'
  | 'registrations_per_hour';
const NUMBER_KEYS: NumberKey[] = [
  'activation_window_minutes',
  'early_cancel_minutes',
  'purchase_limit_per_minute',
  'registrations_per_hour',
];

/** What the form holds: every field as typed, money in units ("5,00"), keys typed anew or left blank. */
export interface SettingsDraft extends Record<NumberKey, string> {
  money: Record<TopupCurrency, { min: string; max: string }>;
  sandbox: StoreSettings['sandbox'];
  secrets: Record<SecretName, string>;
}

const units = (cents: number, lang: string) => {
  const text = (cents / 100).toFixed(2);
  return lang.startsWith('en') ? text : text.replace('.', ',');
};

export function draftOf(view: SettingsView, lang: string): SettingsDraft {
  const v = view.values;
  const range = (c: TopupCurrency) => ({
    min: units(v.topup_limits[c].min, lang),
    max: units(v.topup_limits[c].max, lang),
  });
  return {
    activation_window_minutes: String(v.activation_window_minutes),
    early_cancel_minutes: String(v.early_cancel_minutes),
    purchase_limit_per_minute: String(v.purchase_limit_per_minute),
    registrations_per_hour: String(v.registrations_per_hour),
    money: { BRL: range('BRL'), USD: range('USD') },
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

// Text read as the number the contract checks; what cannot be read becomes -1, which every rule refuses.
const read = (parse: (text: string) => number | null) => z.string().transform((text) => parse(text) ?? -1);
const whole = (text: string) => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : null);
const numberField = (key: NumberKey) => read(whole).pipe(StoreSettings.shape[key]);
const moneyRange = z.object({ min: read(parseUnits), max: read(parseUnits) });
// A key left blank is not sent (the stored one stays); one typed is checked as the API checks it.
const secretField = z
  .string()
  .transform((text) => (text.trim() === '' ? undefined : text))
  .pipe(SecretValue.optional());

const settingsSchema = z
  .object({
    ...(Object.fromEntries(NUMBER_KEYS.map((k) => [k, numberField(k)])) as Record<
      NumberKey,
      ReturnType<typeof numberField>
    >),
    money: z.object({ BRL: moneyRange, USD: moneyRange }).pipe(StoreSettings.shape.topup_limits),
    sandbox: StoreSettings.shape.sandbox,
    secrets: z.object(
      Object.fromEntries(SECRET_NAMES.map((n) => [n, secretField])) as Record<SecretName, typeof secretField>,
    ),
  })
  .transform((d): SettingsUpdate => {
    const secrets = Object.fromEntries(Object.entries(d.secrets).filter(([, value]) => value !== undefined));
    return {
      values: {
        activation_window_minutes: d.activation_window_minutes,
        early_cancel_minutes: d.early_cancel_minutes,
        purchase_limit_per_minute: d.purchase_limit_per_minute,
        topup_limits: d.money,
        registrations_per_hour: d.registrations_per_hour,
        sandbox: d.sandbox,
      },
      ...(Object.keys(secrets).length > 0 ? { secrets } : {}),
    };
  })
  .pipe(SettingsUpdate);

type Errors = Record<string, FieldError & Record<string, FieldError & Record<string, FieldError>>>;

/**
 * react-hook-form's resolver for /admin/settings: the body of PUT /admin/settings as its contract
 * (SettingsUpdate) checks it; a refused field carries the key (`errors.*` of the page's texts) of its message.
 */
export const settingsResolver: Resolver<SettingsDraft, unknown, SettingsUpdate> = async (
  values,
  context,
  options,
) => {
  const result = await zodResolver(settingsSchema)(values, context, options);
  const errors = result.errors as unknown as Errors;
  for (const key of NUMBER_KEYS) if (errors[key]) errors[key].message = 'range';
  for (const currency of TOPUP_CURRENCIES) {
    const range = errors.money?.[currency];
    if (!range) continue;
    // The contract's own check that the minimum is not above the maximum is its only custom one; it is
    // left out while the maximum itself is wrong (that field's message says what to fix first).
    if (range.min?.type === 'custom' && range.max) delete range.min;
    if (range.min) range.min.message = range.min.type === 'custom' ? 'minAboveMax' : 'money';
    if (range.max) range.max.message = 'money';
  }
  for (const name of SECRET_NAMES) {
    const error = errors.secrets?.[name];
    if (error) error.message = 'secret';
  }
  return result;
};
