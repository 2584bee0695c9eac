import { API_KEY_NAME_MAX } from '@numero/contract/account';
import { describe, expect, it } from 'vitest';
import { apiKeyResolver } from './api-key-form.ts';

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
