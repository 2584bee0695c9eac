import { zodResolver } from '@hookform/resolvers/zod';
import { CreateApiKeyBody, UpdateApiKeyBody } from '@numero/contract/account';
import type { Currency } from '@numero/contract/common';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { keyedResolver } from '../../lib/keyed-resolver.ts';

export interface ApiKeyFields {
  name: string;
}

const check = zodResolver(CreateApiKeyBody);

/**
 * react-hook-form's resolver for a new key, by the contract's CreateApiKeyBody: the trimmed name is
 * the body; a refusal is named as the spec words it (none given, or too long).
 */
export const apiKeyResolver: Resolver<ApiKeyFields, unknown, CreateApiKeyBody> = async (
  values,
  context,
  options,
) => {
  const result = await check(values, context, options);
  const error = result.errors.name;
  if (error) error.message = values.name.trim() === '' ? 'nameRequired' : 'nameTooLong';
  return result;
};

export interface KeySettingsFields {
  currency: Currency;
  webhook_url: string;
}

/** A key's settings by the contract's UpdateApiKeyBody: an emptied webhook removes it (null). */
const keySettingsSchema = z.object({
  currency: UpdateApiKeyBody.shape.currency.unwrap(),
  webhook_url: z
    .string()
    .trim()
    .transform((v) => v || null)
    .pipe(UpdateApiKeyBody.shape.webhook_url.unwrap()),
});

/** react-hook-form's resolver for a key's settings; a refused webhook is named as the spec words it. */
export const keySettingsResolver = keyedResolver<KeySettingsFields, UpdateApiKeyBody>(keySettingsSchema, {
  webhook_url: 'webhookInvalid',
});
