import { randomUUID } from 'node:crypto';
import { MAX_SERVICES_PER_NUMBER } from '@numero/contract/activation-reuse';
import { AppError } from '../../http/errors.ts';
import { OPERATOR_PATTERN } from '../../providers/numbers/number-provider.ts';
import type { KeyHolder } from '../account/api-keys.service.ts';
import type { CustomerActivations } from '../activations/activations.module.ts';
import type { CatalogAnswers } from './catalog-answers.ts';
import { countryParam, type ProtocolParams, type ProtocolReply, token } from './protocol-format.ts';
import type { WebhooksService } from './webhooks.service.ts';

/** The purchase refusals in getNumber's tokens. */
const REFUSALS: Record<string, string> = {
  INSUFFICIENT_FUNDS: 'NO_BALANCE',
  MULTI_SERVICE_INVALID: 'BAD_SERVICE',
  IDEMPOTENCY_KEY_REUSED: 'ERROR_SQL',
  ACTIVATION_PENDING: 'ERROR_SQL',
};

/**
 * getMultiServiceNumber (`multiService=wa,tg`, `country`, `operator`, `multiForward`): one number, one
 * activation per service (up to four), each billed, followed and refunded on its own through the usual
 * actions by its id. Answers `[{"activation": 1042, "phone": "5511987654321", "service": "wa"}, …]` in
 * the order asked; refusals as getNumber's tokens.
 */
export function createMultiServiceAnswers({
  activations,
  webhooks,
  serviceCodes,
}: {
  activations: Pick<CustomerActivations, 'purchaseMulti'>;
  webhooks: Pick<WebhooksService, 'rememberKey'>;
  serviceCodes: CatalogAnswers['serviceCodes'];
}) {
  async function getMultiServiceNumber(holder: KeyHolder, params: ProtocolParams): Promise<ProtocolReply> {
    const asked = (params.multiService ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean);
    const codes = await serviceCodes();
    const ours = asked.map((code) => codes.get(code)?.code);
    const distinct = new Set(ours).size === ours.length;
    if (asked.length === 0 || asked.length > MAX_SERVICES_PER_NUMBER || !distinct || ours.includes(undefined))
      return token('BAD_SERVICE');
    const country = countryParam(params.country);
    if (!country) return token('NO_NUMBERS');
    // Forwarding is not offered: asked for any of the services, nothing to sell.
    if ((params.multiForward ?? '').split(',').some((f) => f.trim() === '1')) return token('NO_NUMBERS');
    const operator = params.operator?.trim().toLowerCase() || undefined;
    if (operator !== undefined && !OPERATOR_PATTERN.test(operator)) return token('NO_NUMBERS');
    try {
      const { activations: bought } = await activations.purchaseMulti({
        userId: holder.userId,
        country,
        services: ours as string[],
        currency: holder.currency,
        idempotencyKey: `reseller:${randomUUID()}`,
        operator,
        limitedByCaller: true,
      });
      // A number not yet assigned (should not happen for a new purchase): ask again shortly.
      if (bought.some((a) => !a.phone_number)) return token('ERROR_SQL');
      for (const a of bought) await webhooks.rememberKey(a.id, holder.keyId);
      return {
        json: bought.map((a, i) => ({ activation: a.public_id, phone: a.phone_number, service: asked[i] })),
      };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.code === 'PURCHASE_RATE_LIMITED')
        return { text: 'TOO_MANY_REQUESTS', status: 429, headers: err.headers };
      return token(REFUSALS[err.code] ?? 'NO_NUMBERS');
    }
  }

  return { getMultiServiceNumber };
}
