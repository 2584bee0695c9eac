import { randomUUID } from 'node:crypto';
import type { ActivationDetail } from '@numero/contract/activations';
import { AppError } from '../../http/errors.ts';
import { smsActivateCountryId } from '../../providers/numbers/sms-activate.ts';
import type { KeyHolder } from '../account/api-keys.service.ts';
import type { CustomerActivations } from '../activations/activations.module.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { findOwnedActivation } from './owned-activation.ts';
import {
  ANY_OPERATOR,
  asJsonRefusal,
  CURRENCY_NUMBERS,
  type ProtocolParams,
  type ProtocolReply,
  protocolTime,
  token,
} from './protocol-format.ts';
import type { WebhooksService } from './webhooks.service.ts';

/**
 * The store's refusals in the protocol's words: RENEW_ACTIVATION_NOT_AVAILABLE for an activation that
 * cannot be renewed (no code received), NEW_ACTIVATION_IMPOSSIBLE when the seller will not sell the
 * number again, SIM_OFFLINE when the seller cannot be reached now (nothing charged; try later).
 */
const REFUSAL_TOKENS: Record<string, string> = {
  ACTIVATION_NOT_FOUND: 'NO_ACTIVATION',
  REUSE_NOT_ALLOWED: 'RENEW_ACTIVATION_NOT_AVAILABLE',
  PRODUCT_UNAVAILABLE: 'RENEW_ACTIVATION_NOT_AVAILABLE',
  REUSE_NOT_AVAILABLE: 'NEW_ACTIVATION_IMPOSSIBLE',
  UPSTREAM_UNAVAILABLE: 'SIM_OFFLINE',
  INSUFFICIENT_FUNDS: 'NO_BALANCE',
};

/**
 * A used number bought again: sms-activate's getExtraActivation and checkExtraActivation (`activationId`)
 * and HeroSMS's reactivate and reactivationPrice (`id`), through the activations service's reuse, so the
 * new activation is charged, refunded and captured like a purchase.
 */
export function createReuseAnswers({
  activations,
  ledger,
  webhooks,
}: {
  activations: Pick<CustomerActivations, 'getByPublicId' | 'quoteReuse' | 'reuse'>;
  ledger: Pick<LedgerService, 'walletBalance'>;
  webhooks: Pick<WebhooksService, 'rememberKey'>;
}) {
  function refusal(err: unknown): ProtocolReply {
    if (!(err instanceof AppError)) throw err;
    if (err.code === 'PURCHASE_RATE_LIMITED')
      return { text: 'TOO_MANY_REQUESTS', status: 429, headers: err.headers };
    return token(REFUSAL_TOKENS[err.code] ?? 'ERROR_SQL');
  }

  /** The new activation, or the token refusing it. */
  async function reuse(holder: KeyHolder, id: string | undefined): Promise<ActivationDetail | ProtocolReply> {
    const original = await findOwnedActivation(activations, holder, id);
    if (!original) return token('NO_ACTIVATION');
    try {
      const { activation } = await activations.reuse({
        userId: holder.userId,
        activationId: original.id,
        idempotencyKey: `reseller:${randomUUID()}`,
        limitedByCaller: true,
      });
      await webhooks.rememberKey(activation.id, holder.keyId);
      return activation;
    } catch (err) {
      return refusal(err);
    }
  }

  /** The price of a reuse in the key's currency, or the token refusing it (NO_BALANCE when short). */
  async function price(holder: KeyHolder, id: string | undefined): Promise<number | ProtocolReply> {
    const original = await findOwnedActivation(activations, holder, id);
    if (!original) return token('NO_ACTIVATION');
    try {
      const quote = await activations.quoteReuse(holder.userId, original.id);
      if (!quote.available) return token(REFUSAL_TOKENS[quote.reason ?? ''] ?? 'NEW_ACTIVATION_IMPOSSIBLE');
      if ((await ledger.walletBalance(holder.userId, quote.currency)) < quote.price)
        return token('NO_BALANCE');
      return quote.price;
    } catch (err) {
      return refusal(err);
    }
  }

  const isReply = (v: unknown): v is ProtocolReply =>
    typeof v === 'object' && v !== null && ('text' in v || 'json' in v);

  async function getExtraActivation(holder: KeyHolder, params: ProtocolParams): Promise<ProtocolReply> {
    const a = await reuse(holder, params.activationId ?? params.id);
    return isReply(a) ? a : token(`ACCESS_NUMBER:${a.public_id}:${a.phone_number}`);
  }

  /** {"status": "success", "cost": 2.5, "currency": 986}: what getExtraActivation would charge now. */
  async function checkExtraActivation(holder: KeyHolder, params: ProtocolParams): Promise<ProtocolReply> {
    const cents = await price(holder, params.activationId ?? params.id);
    if (isReply(cents)) return cents;
    return { json: { status: 'success', cost: cents / 100, currency: CURRENCY_NUMBERS[holder.currency] } };
  }

  /** HeroSMS: the new activation as getNumberV2 shows one; refusals as its JSON `{title, details}`. */
  async function reactivate(holder: KeyHolder, params: ProtocolParams): Promise<ProtocolReply> {
    const a = await reuse(holder, params.id ?? params.activationId);
    if (isReply(a)) return asJsonRefusal(a);
    return {
      json: {
        activationId: a.public_id,
        phoneNumber: a.phone_number,
        activationCost: a.price / 100,
        currency: CURRENCY_NUMBERS[a.currency],
        countryCode: String(smsActivateCountryId(a.country_code) ?? ''),
        canGetAnotherSms: '1',
        activationTime: protocolTime(a.created_at),
        activationEndTime: a.expires_at ? protocolTime(a.expires_at) : null,
        activationOperator: a.operator ?? ANY_OPERATOR,
      },
    };
  }

  /** HeroSMS: {"data": {"price": 2.5, "currency": 986}}, as its client reads it. */
  async function reactivationPrice(holder: KeyHolder, params: ProtocolParams): Promise<ProtocolReply> {
    const cents = await price(holder, params.id ?? params.activationId);
    if (isReply(cents)) return asJsonRefusal(cents);
    return { json: { data: { price: cents / 100, currency: CURRENCY_NUMBERS[holder.currency] } } };
  }

  return { getExtraActivation, checkExtraActivation, reactivate, reactivationPrice };
}
