import type { SettingsUpdate, SettingsView } from '@numero/contract/admin';
import type { FieldError } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { draftOf, parseUnits, type SettingsDraft, settingsResolver } from './settings-form.ts';

/** The same check without a form: the body to send, or the message key of each refused field by its path. */
async function bodyOf(
  draft: SettingsDraft,
): Promise<{ body: SettingsUpdate } | { errors: Record<string, string> }> {
  const result = await settingsResolver(draft, undefined, { fields: {}, shouldUseNativeValidation: false });
  if (Object.keys(result.errors).length === 0) return { body: result.values as SettingsUpdate };
  const flat: Record<string, string> = {};
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object') return;
    const error = node as Partial<FieldError>;
    if (typeof error.message === 'string' && typeof error.type === 'string') flat[path] = error.message;
    for (const [k, v] of Object.entries(node))
      if (k !== 'ref' && typeof v === 'object') walk(v, path ? `${path}.${k}` : k);
  };
  walk(result.errors, '');
  return { errors: flat };
}

const view: SettingsView = {
  values: {
    activation_window_minutes: 20,
    early_cancel_minutes: 2,
    purchase_limit_per_minute: 10,
    topup_limits: { BRL: { min: 500, max: 500_000 }, USD: { min: 100, max: 100_000 } },
    registrations_per_hour: 10,
    sandbox: { payments: true, numbers: true },
    sms_providers: { order: ['simulator'], disabled: [] },
  },
  secrets: {
    mercadopago_access_token: { set: false, masked: null },
    mercadopago_webhook_secret: { set: false, masked: null },
    stripe_secret_key: { set: true, masked: '••••abcd' },
    stripe_webhook_secret: { set: false, masked: null },
  },
  updated_at: null,
  updated_by: null,
};

describe('settings form', () => {
  it('shows money in the language’s format and sends it back as the same cents', async () => {
    const draft = draftOf(view, 'pt');
    expect(draft.money.BRL.min).toBe('5,00');
    const result = await bodyOf(draft);
    const { sms_providers: _providers, ...values } = view.values;
    // The providers have their own screen: this form never sends them.
    expect('body' in result && result.body.values).toEqual(values);
    // Blank key fields send nothing: the stored key stays.
    expect('body' in result && result.body.secrets).toBeUndefined();
  });

  it('parses amounts typed either way', () => {
    expect(parseUnits('5')).toBe(500);
    expect(parseUnits('5,5')).toBe(550);
    expect(parseUnits('R$ 1.99')).toBe(199);
    expect(parseUnits('1.500,00')).toBeNull();
  });

  it('names every wrong field instead of sending', async () => {
    const draft = draftOf(view, 'en');
    draft.activation_window_minutes = '0';
    draft.registrations_per_hour = 'ten';
    draft.money.USD.min = '2000.00';
    draft.money.USD.max = '10.00';
    draft.money.BRL.max = '0.99';
    draft.secrets.stripe_webhook_secret = 'short';
    expect(await bodyOf(draft)).toEqual({
      errors: {
        activation_window_minutes: 'range',
        registrations_per_hour: 'range',
        'money.BRL.max': 'money',
        'money.USD.min': 'minAboveMax',
        'secrets.stripe_webhook_secret': 'secret',
      },
    });
  });

  it('sends a key typed anew, trimmed, and leaves the blank ones out', async () => {
    const draft = draftOf(view, 'en');
    draft.secrets.mercadopago_access_token = '  APP_USR-123456  ';
    const result = await bodyOf(draft);
    expect('body' in result && result.body.secrets).toEqual({ mercadopago_access_token: 'APP_USR-123456' });
  });
});
