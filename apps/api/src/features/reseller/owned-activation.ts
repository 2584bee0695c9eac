import type { ActivationDetail } from '@numero/contract/activations';
import { AppError } from '../../http/errors.ts';
import type { KeyHolder } from '../account/api-keys.service.ts';
import type { CustomerActivations } from '../activations/activations.module.ts';
import { activationIdParam } from './protocol-format.ts';

/** The key holder's activation named by an `id` parameter, or null when it names none of theirs. */
export async function findOwnedActivation(
  activations: Pick<CustomerActivations, 'getByPublicId'>,
  holder: KeyHolder,
  id: string | undefined,
): Promise<ActivationDetail | null> {
  const publicId = activationIdParam(id);
  if (publicId === null) return null;
  try {
    return await activations.getByPublicId(holder.userId, publicId);
  } catch (err) {
    if (err instanceof AppError && err.code === 'ACTIVATION_NOT_FOUND') return null;
    throw err;
  }
}
