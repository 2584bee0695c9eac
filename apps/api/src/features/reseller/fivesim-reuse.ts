import { randomUUID } from 'node:crypto';
import { AppError } from '../../http/errors.ts';
import { FIVESIM_PRODUCTS } from '../../providers/numbers/fivesim.ts';
import type { KeyHolder } from '../account/api-keys.service.ts';
import type { CustomerActivations } from '../activations/activations.module.ts';
import { type FivesimReply, fivesimOrder, ok, refuse } from './fivesim-format.ts';
import type { WebhooksService } from './webhooks.service.ts';

/**
 * 5sim's `GET /v1/user/reuse/{product}/{number}`: a new order on a number the key's owner bought before,
 * through the activations service's reuse (charged and refunded like a purchase). 5sim's words: "reuse
 * not possible" (no such number of theirs, or no code ever came on it), "reuse expired" (the seller will
 * not sell it again), "not enough user balance".
 */
export function createFivesimReuse({
  activations,
  webhooks,
}: {
  activations: Pick<CustomerActivations, 'reuseNumber'>;
  webhooks: Pick<WebhooksService, 'rememberKey'>;
}) {
  async function reuse(holder: KeyHolder, path: { product: string; number: string }): Promise<FivesimReply> {
    const product = path.product.toLowerCase();
    const services = Object.entries(FIVESIM_PRODUCTS)
      .filter(([, name]) => name === product)
      .map(([code]) => code);
    const phoneNumber = path.number.replace(/^\+/, '');
    if (services.length === 0) return refuse('no product');
    if (!/^\d{6,15}$/.test(phoneNumber)) return refuse('reuse not possible');
    try {
      const { activation } = await activations.reuseNumber({
        userId: holder.userId,
        phoneNumber,
        services,
        idempotencyKey: `reseller:${randomUUID()}`,
        limitedByCaller: true,
      });
      await webhooks.rememberKey(activation.id, holder.keyId);
      return ok(fivesimOrder(activation, null));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      switch (err.code) {
        case 'INSUFFICIENT_FUNDS':
          return refuse('not enough user balance');
        case 'PURCHASE_RATE_LIMITED':
          return refuse('too many requests', 429);
        case 'REUSE_NOT_AVAILABLE':
          return refuse('reuse expired');
        case 'UPSTREAM_UNAVAILABLE':
          return refuse('server offline', 503);
        default:
          return refuse('reuse not possible');
      }
    }
  }

  return { reuse };
}
