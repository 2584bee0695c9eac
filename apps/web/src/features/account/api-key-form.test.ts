import { API_KEY_NAME_MAX, WEBHOOK_URL_MAX } from '@numero/contract/account';
import { describe, expect, it } from 'vitest';
import { apiKeyResolver, keySettingsResolver } from './api-key-form.ts';

const options = { fields: {}, shouldUseNativeValidation: false };

describe('new API key form, checked by the contract', () => {
  it('sends the trimmed name', async () => {
    const result = await apiKeyResolver({ name: '  Vendas ' }, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ name: 'Vendas' });
  });

  it('asks for a name when only spaces are given', async () => {
    const result = await apiKeyResolver({ name: '   ' }, undefined, options);
    expect(result.errors.name?.message).toBe('nameRequired');
  });

  it('refuses a name over the limit as too long', async () => {
    const result = await apiKeyResolver({ name: 'x'.repeat(API_KEY_NAME_MAX + 1) }, undefined, options);
    expect(result.errors.name?.message).toBe('nameTooLong');
  });
});

describe("a key's settings form, checked by the contract", () => {
  it('removes the webhook when the field is emptied', async () => {
    const result = await keySettingsResolver({ currency: 'USD', webhook_url: '   ' }, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ currency: 'USD', webhook_url: null });
  });

  it('refuses an address that is not http(s), or over the limit', async () => {
    for (const webhook_url of [
      'ftp://hooks.example.com',
      `https://x.example.com/${'a'.repeat(WEBHOOK_URL_MAX)}`,
    ]) {
      const result = await keySettingsResolver({ currency: 'BRL', webhook_url }, undefined, options);
      expect(result.errors.webhook_url?.message).toBe('webhookInvalid');
    }
  });
});
