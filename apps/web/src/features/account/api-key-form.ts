import { zodResolver } from '@hookform/resolvers/zod';
import { CreateApiKeyBody } from '@numero/contract/account';
import type { Resolver } from 'react-hook-form';

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
