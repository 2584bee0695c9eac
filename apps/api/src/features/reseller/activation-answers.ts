import { randomUUID } from 'node:crypto';
import type { Activation, ActivationDetail, ActivationStatus } from '@numero/contract/activations';
import { AppError } from '../../http/errors.ts';
import { OPERATOR_PATTERN } from '../../providers/numbers/number-provider.ts';
import { smsActivateCountryId, smsActivateServiceCode } from '../../providers/numbers/sms-activate.ts';
import type { KeyHolder } from '../account/api-keys.service.ts';
import type { CustomerActivations } from '../activations/activations.module.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { CatalogAnswers } from './catalog-answers.ts';
import { findOwnedActivation } from './owned-activation.ts';
import {
  ANY_OPERATOR,
  asJsonRefusal,
  CURRENCY_NUMBERS,
  countryParam,
  decimal,
  type ProtocolParams,
  type ProtocolReply,
  parseMaxPrice,
  protocolTime,
  statusToken,
  token,
} from './protocol-format.ts';
import { operatorsAsked, refuseUnmetFilters } from './purchase-filters.ts';
import type { WebhooksService } from './webhooks.service.ts';

/**
 * getActiveActivations' activationStatus: the public examples show "4" for an activation in use; "3"
 * mirrors setStatus 3 while another SMS is awaited. Whether a code came is in smsCode.
 */
const ACTIVE_STATUS = '4';
const AWAITING_ANOTHER_SMS_STATUS = '3';

/** States in which the number is still the bot's to use. */
const ACTIVE_STATUSES: readonly ActivationStatus[] = ['pending', 'waiting_sms', 'code_received'];

/** orderId of getNumberV2: becomes part of the purchase's idempotency key, so it must fit its alphabet. */
const ORDER_ID = /^[A-Za-z0-9_.:-]{1,100}$/;
const PAGE = 100;

/** The details of HeroSMS-style refusals (cancelActivation, finishActivation). */
const REFUSALS: Record<string, string> = {
  OTP_RECEIVED: 'Cannot cancel: a code was received on this number',
  EARLY_CANCEL_DENIED: 'Cannot cancel in the first minutes after the purchase',
  BAD_STATUS: 'Not possible in the activation’s current state',
};

/** A purchase the protocol can answer: the activation, and its country's dialling code in digits. */
interface Bought {
  activation: ActivationDetail;
  dialCode: string;
}

/**
 * Buying and following activations in the protocol's words. Every purchase, cancel, resend and finish
 * goes through the activations service, so money moves by the website's rules. Activations are named by
 * their integer public id.
 */
export function createActivationAnswers({
  activations,
  catalog,
  webhooks,
  serviceCodes,
}: {
  activations: Pick<
    CustomerActivations,
    'purchase' | 'getByPublicId' | 'list' | 'cancel' | 'resend' | 'finish'
  >;
  catalog: Pick<CatalogService, 'listProducts'>;
  webhooks: Pick<WebhooksService, 'rememberKey'>;
  serviceCodes: CatalogAnswers['serviceCodes'];
}) {
  const owned = (holder: KeyHolder, id: string | undefined) => findOwnedActivation(activations, holder, id);

  function purchaseRefusal(err: unknown): ProtocolReply {
    if (!(err instanceof AppError)) throw err;
    switch (err.code) {
      case 'INSUFFICIENT_FUNDS':
        return token('NO_BALANCE');
      // Nothing to sell now; the price, if taken, went back at once.
      case 'NO_NUMBERS':
      case 'OUT_OF_STOCK':
      case 'PRODUCT_NOT_FOUND':
      case 'PRODUCT_UNAVAILABLE':
      case 'UPSTREAM_UNAVAILABLE':
      // No seller has numbers of the operator asked for in that country, as for sms-activate.
      case 'OPERATOR_UNAVAILABLE':
        return token('NO_NUMBERS');
      case 'PURCHASE_RATE_LIMITED':
        return { text: 'TOO_MANY_REQUESTS', status: 429, headers: err.headers };
      // The same orderId was used for another service or country.
      case 'IDEMPOTENCY_KEY_REUSED':
        return token('ORDER_ALREADY_EXISTS');
      default:
        return token('ERROR_SQL');
    }
  }

  /** Buys through the activations service; the activation, or the token that refuses it. */
  async function buy(
    holder: KeyHolder,
    params: ProtocolParams,
    orderId: string | undefined,
  ): Promise<Bought | ProtocolReply> {
    const service = params.service
      ? (await serviceCodes(holder.currency)).get(params.service.toLowerCase())
      : undefined;
    if (!service) return token('BAD_SERVICE');
    const country = countryParam(params.country);
    if (!country) return token('NO_NUMBERS');
    const [product] = await catalog.listProducts({ service: service.code, country }, holder.currency, 'en');
    if (!product) return token('NO_NUMBERS');
    const dialCode = product.dial_code.replace(/\D/g, '');
    const unmet = refuseUnmetFilters(params, dialCode);
    if (unmet) return unmet;
    if (params.maxPrice !== undefined && params.maxPrice !== '') {
      const max = parseMaxPrice(params.maxPrice);
      if (max === null || product.price > max) return token(`WRONG_MAX_PRICE:${decimal(product.price)}`);
    }
    try {
      const { activation } = await activations.purchase({
        userId: holder.userId,
        productId: product.id,
        currency: holder.currency,
        // Keys live per user, so one reseller's orderId never meets another's; the prefix keeps them apart
        // from the website's own keys.
        idempotencyKey: `reseller:${orderId ?? randomUUID()}`,
        // Bots are paced by the per-key limit of the protocol, not by the website's purchase limit.
        limitedByCaller: true,
        operators: operatorsAsked(params.operator)?.filter((o) => OPERATOR_PATTERN.test(o)),
      });
      // A retried order whose first request is still waiting for its number: ask again shortly.
      if (!activation.phone_number) return token('ERROR_SQL');
      // This key's webhook hears of the activation's SMS.
      await webhooks.rememberKey(activation.id, holder.keyId);
      return { activation, dialCode };
    } catch (err) {
      return purchaseRefusal(err);
    }
  }

  const isReply = (v: Bought | ProtocolReply): v is ProtocolReply => 'text' in v || 'json' in v;

  async function getNumber(holder: KeyHolder, params: ProtocolParams): Promise<ProtocolReply> {
    const bought = await buy(holder, params, undefined);
    if (isReply(bought)) return bought;
    return token(`ACCESS_NUMBER:${bought.activation.public_id}:${bought.activation.phone_number}`);
  }

  /** JSON on success, and its refusals in HeroSMS' JSON too (`{title, details}`): its clients read them so. */
  async function getNumberV2(holder: KeyHolder, params: ProtocolParams): Promise<ProtocolReply> {
    const orderId = params.orderId || undefined;
    if (orderId !== undefined && !ORDER_ID.test(orderId)) return asJsonRefusal(token('BAD_ACTION'));
    const result = await buy(holder, params, orderId);
    if (isReply(result)) return asJsonRefusal(result);
    const bought = result.activation;
    return {
      json: {
        activationId: bought.public_id,
        phoneNumber: bought.phone_number,
        activationCost: bought.price / 100,
        currency: CURRENCY_NUMBERS[bought.currency],
        countryCode: String(smsActivateCountryId(bought.country_code) ?? ''),
        countryPhoneCode: result.dialCode,
        // Every activation may ask for another SMS once its code came (setStatus 3).
        canGetAnotherSms: '1',
        activationTime: protocolTime(bought.created_at),
        activationEndTime: bought.expires_at ? protocolTime(bought.expires_at) : null,
        activationOperator: bought.operator ?? ANY_OPERATOR,
      },
    };
  }

  // ---- one activation ----

  async function getStatus(holder: KeyHolder, params: ProtocolParams): Promise<ProtocolReply> {
    const a = await owned(holder, params.id);
    if (!a) return token('NO_ACTIVATION');
    return token(statusToken(a));
  }

  /** The SMS itself once one arrived (JSON); before that, the same token getStatus answers. */
  async function getStatusV2(holder: KeyHolder, params: ProtocolParams): Promise<ProtocolReply> {
    const a = await owned(holder, params.id);
    if (!a) return token('NO_ACTIVATION');
    const sms = a.messages.at(-1);
    if (!sms || a.status === 'cancelled' || a.status === 'expired' || a.status === 'failed')
      return token(statusToken(a));
    return {
      json: {
        verificationType: 0,
        sms: { dateTime: protocolTime(sms.received_at), code: sms.code, text: sms.text },
        call: null,
      },
    };
  }

  /** Runs an action of the activations service; a refusal becomes the token `refusals` names, else BAD_STATUS. */
  async function act(
    run: () => Promise<unknown>,
    done: string,
    refusals: Record<string, string> = {},
  ): Promise<ProtocolReply> {
    try {
      await run();
      return token(done);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.code === 'ACTIVATION_NOT_FOUND') return token('NO_ACTIVATION');
      // Upstream could not answer now: nothing changed, and the same call may be made again.
      if (err.code === 'UPSTREAM_RETRY') return token('ERROR_SQL');
      return token(refusals[err.code] ?? 'BAD_STATUS');
    }
  }

  async function setStatus(holder: KeyHolder, params: ProtocolParams): Promise<ProtocolReply> {
    const a = await owned(holder, params.id);
    if (!a) return token('NO_ACTIVATION');
    const { userId } = holder;
    switch (params.status) {
      // "The SMS was sent to the number": nothing to do here, the store checks for it anyway.
      case '1':
        return token(ACTIVE_STATUSES.includes(a.status) ? 'ACCESS_READY' : 'BAD_STATUS');
      case '3':
        // Asked twice: the second one finds the first still waiting, which is what was asked for.
        return act(() => activations.resend(userId, a.id), 'ACCESS_RETRY_GET', {
          RESEND_IN_PROGRESS: 'ACCESS_RETRY_GET',
        });
      case '6':
        return act(() => activations.finish(userId, a.id), 'ACCESS_ACTIVATION');
      // -1 is the protocol's older word for a cancel.
      case '8':
      case '-1':
        return cancel(holder, a);
      default:
        return token('BAD_STATUS');
    }
  }

  /** Cancels before the code and refunds; a second cancel of a refunded activation changes nothing. */
  async function cancel(holder: KeyHolder, a: ActivationDetail): Promise<ProtocolReply> {
    if (a.settled === 'refunded') return token('ACCESS_CANCEL');
    const reply = await act(() => activations.cancel(holder.userId, a.id), 'ACCESS_CANCEL', {
      EARLY_CANCEL_DENIED: 'EARLY_CANCEL_DENIED',
    });
    if ('text' in reply && reply.text === 'BAD_STATUS') {
      // It may have expired (and been refunded) between the read and the cancel.
      const now = await owned(holder, String(a.public_id));
      if (now?.settled === 'refunded') return token('ACCESS_CANCEL');
    }
    return reply;
  }

  /**
   * HeroSMS' cancelActivation and finishActivation (`id`): 204 with no body when done, and a refusal as
   * HeroSMS writes it, `{"title": "<TOKEN>", "details": …}` with 404 (no such activation), 409 (not in a
   * state that allows it: OTP_RECEIVED, EARLY_CANCEL_DENIED, BAD_STATUS) or 503 (upstream busy, retry).
   */
  function restful(reply: ProtocolReply, hadCode: boolean): ProtocolReply {
    const text = 'text' in reply ? reply.text : '';
    if (text === 'ACCESS_CANCEL' || text === 'ACCESS_ACTIVATION') return { text: '', status: 204 };
    if (text === 'NO_ACTIVATION')
      return { json: { title: text, details: 'No activation of this key has this id' }, status: 404 };
    if (text === 'ERROR_SQL')
      return {
        json: { title: text, details: 'Try again shortly' },
        status: 503,
        headers: { 'retry-after': '1' },
      };
    const title = text === 'BAD_STATUS' && hadCode ? 'OTP_RECEIVED' : text;
    return { json: { title, details: REFUSALS[title] ?? 'Not possible in this state' }, status: 409 };
  }

  async function cancelActivation(holder: KeyHolder, params: ProtocolParams): Promise<ProtocolReply> {
    const a = await owned(holder, params.id);
    if (!a) return restful(token('NO_ACTIVATION'), false);
    return restful(await cancel(holder, a), Boolean(a.code));
  }

  async function finishActivation(holder: KeyHolder, params: ProtocolParams): Promise<ProtocolReply> {
    const a = await owned(holder, params.id);
    if (!a) return restful(token('NO_ACTIVATION'), false);
    return restful(await act(() => activations.finish(holder.userId, a.id), 'ACCESS_ACTIVATION'), false);
  }

  // ---- all active ----

  async function listAll(userId: string, status: ActivationStatus): Promise<Activation[]> {
    const all: Activation[] = [];
    for (let skip = 0; ; skip += PAGE) {
      const page = await activations.list(userId, { status, skip, limit: PAGE });
      all.push(...page.items);
      if (page.items.length < PAGE || all.length >= page.total) return all;
    }
  }

  async function getActiveActivations(holder: KeyHolder): Promise<ProtocolReply> {
    // A pending purchase has no number yet: nothing a bot could use.
    const [waiting, withCode] = await Promise.all([
      listAll(holder.userId, 'waiting_sms'),
      listAll(holder.userId, 'code_received'),
    ]);
    const active = [...waiting, ...withCode].sort((x, y) => y.created_at.localeCompare(x.created_at));
    // Clients read either key, and read every value as a string (as sms-activate sends them).
    const list = active.map((a) => ({
      activationId: String(a.public_id),
      serviceCode: smsActivateServiceCode(a.service_code),
      phoneNumber: a.phone_number ?? '',
      activationCost: decimal(a.price),
      currency: String(CURRENCY_NUMBERS[a.currency]),
      activationStatus: a.awaiting_sms && a.code ? AWAITING_ANOTHER_SMS_STATUS : ACTIVE_STATUS,
      smsCode: a.code ? [a.code] : null,
      smsText: a.sms_text,
      activationTime: protocolTime(a.created_at),
      countryCode: String(smsActivateCountryId(a.country_code) ?? ''),
      countryName: a.country_name_en,
      canGetAnotherSms: '1',
    }));
    return { json: { status: 'success', activeActivations: list, data: list } };
  }

  return {
    getNumber,
    getNumberV2,
    getStatus,
    getStatusV2,
    setStatus,
    getActiveActivations,
    cancelActivation,
    finishActivation,
  };
}
