import { randomUUID } from 'node:crypto';
import { RENTAL_HOURS } from '@numero/contract/rentals';
import { AppError } from '../../http/errors.ts';
import { smsActivateCountryId, smsActivateServiceCode } from '../../providers/numbers/sms-activate.ts';
import type { KeyHolder } from '../account/api-keys.service.ts';
import type { RentalsService } from '../rentals/rentals.service.ts';
import type { CatalogAnswers } from './catalog-answers.ts';
import {
  ANY_OPERATOR,
  activationIdParam,
  CURRENCY_NUMBERS,
  countryParam,
  decimal,
  type ProtocolParams,
  type ProtocolReply,
  protocolTime,
} from './protocol-format.ts';

/** A rental left out of rent_time is the shortest the store sells, as sms-activate's default. */
const DEFAULT_HOURS = 4;
const DEFAULT_PAGE_SIZE = 10;
const URL_MAX = 500;

type Rentals = Pick<
  RentalsService,
  | 'rent'
  | 'rentOffers'
  | 'findByPublicId'
  | 'messages'
  | 'list'
  | 'cancelRow'
  | 'finishRow'
  | 'extend'
  | 'quoteExtension'
>;

const json = (body: unknown): ProtocolReply => ({ json: body });
/** The rent actions refuse as `{"status": "error", "message": TOKEN}`, never in plain text. */
const refuse = (message: string): ProtocolReply => json({ status: 'error', message });
/** "2025-03-01T16:00:00": the protocol's endDate (UTC, no zone). */
const endDate = (iso: string | null) => (iso ?? '').slice(0, 19);

/**
 * rent_time, or `time` as some clients send it, or `duration` as HeroSMS's published client does (hours
 * too); null when it is not a duration the store sells.
 */
function hoursParam(params: ProtocolParams): number | null {
  const value = params.rent_time ?? params.time ?? params.duration;
  if (value === undefined || value === '') return DEFAULT_HOURS;
  const hours = /^\d{1,4}$/.test(value) ? Number(value) : Number.NaN;
  return (RENTAL_HOURS as readonly number[]).includes(hours) ? hours : null;
}

function urlParam(value: string | undefined): string | null | undefined {
  if (value === undefined || value === '') return null;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && value.length <= URL_MAX
      ? value
      : undefined;
  } catch {
    return undefined;
  }
}

function rentRefusal(err: unknown): ProtocolReply {
  if (!(err instanceof AppError)) throw err;
  switch (err.code) {
    case 'INSUFFICIENT_FUNDS':
      return refuse('NO_BALANCE');
    case 'RENTAL_BAD_DURATION':
      return refuse('BAD_TIME');
    case 'RENTAL_NOT_EXTENDABLE':
      return refuse('INVALID_TIME');
    case 'RENTAL_CLOSED':
    case 'RENTAL_EXTEND_FAILED':
      return refuse('RENT_DIE');
    case 'RENTAL_NOT_FOUND':
      return refuse('NO_ID_RENT');
    default:
      return refuse('NO_NUMBERS');
  }
}

/**
 * Rentals in the handler_api.php protocol (sms-activate's rent actions). Every rental, extension, cancel
 * and finish goes through the rentals service, so money moves by the website's rules; a rental is named
 * by its integer public id, and only the key holder's own are found.
 */
export function createRentAnswers(deps: { rentals: Rentals; serviceCodes: CatalogAnswers['serviceCodes'] }) {
  const { rentals } = deps;

  async function owned(holder: KeyHolder, id: string | undefined) {
    const publicId = activationIdParam(id);
    return publicId === null ? null : rentals.findByPublicId(holder.userId, publicId);
  }

  const phoneAnswer = (r: { number: number; ends_at: string | null; phone_number: string | null }) =>
    json({ status: 'success', phone: { id: r.number, endDate: endDate(r.ends_at), number: r.phone_number } });

  return {
    async getRentServicesAndCountries(holder: KeyHolder, params: ProtocolParams) {
      const hours = hoursParam(params) ?? DEFAULT_HOURS;
      const country = countryParam(params.country) ?? 'BR';
      const offers = await rentals.rentOffers(country, holder.currency, hours);
      const services: Record<string, { cost: number; quant: number }> = {};
      for (const o of offers)
        services[smsActivateServiceCode(o.serviceCode)] = { cost: Number(decimal(o.price)), quant: o.stock };
      return json({
        countries: { 0: smsActivateCountryId(country) ?? 73 },
        operators: { 0: ANY_OPERATOR },
        services,
        currency: CURRENCY_NUMBERS[holder.currency],
      });
    },

    async getRentNumber(holder: KeyHolder, params: ProtocolParams) {
      const service = params.service
        ? (await deps.serviceCodes()).get(params.service.toLowerCase())
        : undefined;
      if (!service) return refuse('BAD_SERVICE');
      const hours = hoursParam(params);
      if (hours === null) return refuse('BAD_TIME');
      const country = countryParam(params.country);
      const url = urlParam(params.url);
      if (url === undefined) return refuse('BAD_ACTION');
      const offer = country
        ? (await rentals.rentOffers(country, holder.currency, hours)).find(
            (o) => o.serviceCode === service.code,
          )
        : undefined;
      if (!offer) return refuse('NO_NUMBERS');
      const operator = params.operator?.toLowerCase();
      try {
        const { rental } = await rentals.rent({
          userId: holder.userId,
          productId: offer.productId,
          currency: holder.currency,
          hours,
          idempotencyKey: `protocol-rent:${randomUUID()}`,
          ...(operator && operator !== ANY_OPERATOR ? { operator } : {}),
          apiKeyId: holder.keyId,
          callbackUrl: url,
        });
        return phoneAnswer(rental);
      } catch (err) {
        return rentRefusal(err);
      }
    },

    async getRentStatus(holder: KeyHolder, params: ProtocolParams) {
      const row = await owned(holder, params.id);
      if (!row) return refuse('NO_ID_RENT');
      if (row.status === 'cancelled' || row.status === 'failed') return refuse('STATUS_CANCEL');
      if (row.status === 'finished' || row.status === 'expired') return refuse('STATUS_FINISH');
      if (row.smsCount === 0) return refuse('STATUS_WAIT_CODE');
      const page = Math.max(0, Number.parseInt(params.page ?? '0', 10) || 0);
      const size = Math.min(100, Math.max(1, Number.parseInt(params.size ?? '', 10) || DEFAULT_PAGE_SIZE));
      const messages = await rentals.messages(row.id, { skip: page * size, limit: size });
      const service = smsActivateServiceCode(row.serviceCode);
      const values: Record<string, unknown> = {};
      messages.forEach((m, i) => {
        values[i] = {
          phoneFrom: m.sender,
          text: m.text,
          service,
          date: protocolTime(m.receivedAt.toISOString()),
        };
      });
      return json({ status: 'success', quantity: String(row.smsCount), values });
    },

    async setRentStatus(holder: KeyHolder, params: ProtocolParams) {
      const row = await owned(holder, params.id);
      if (!row) return refuse('NO_ID_RENT');
      if (params.status !== '1' && params.status !== '2') return refuse('INCORECT_STATUS');
      if (row.status === 'cancelled' || row.status === 'failed') return refuse('ALREADY_CANCEL');
      if (row.status !== 'active') return refuse('ALREADY_FINISH');
      try {
        if (params.status === '1') await rentals.finishRow(holder.userId, row.id);
        else await rentals.cancelRow(holder.userId, row.id);
        return json({ status: 'success' });
      } catch (err) {
        if (err instanceof AppError && err.code.startsWith('RENTAL_')) return refuse('CANT_CANCEL');
        throw err;
      }
    },

    async getRentList(holder: KeyHolder) {
      const page = await rentals.list(holder.userId, { skip: 0, limit: 100, status: 'active' });
      if (page.items.length === 0) return refuse('NO_NUMBERS');
      const values: Record<string, unknown> = {};
      page.items.forEach((r, i) => {
        values[i] = { id: r.number, phone: r.phone_number };
      });
      return json({ status: 'success', values });
    },

    async continueRentNumber(holder: KeyHolder, params: ProtocolParams) {
      const row = await owned(holder, params.id);
      if (!row) return refuse('NO_ID_RENT');
      const hours = hoursParam(params);
      if (hours === null) return refuse('INVALID_TIME');
      try {
        const { rental } = await rentals.extend(holder.userId, row.id, {
          hours,
          idempotencyKey: `protocol-extend:${randomUUID()}`,
        });
        return phoneAnswer(rental);
      } catch (err) {
        return rentRefusal(err);
      }
    },

    async getContinueRentPriceNumber(holder: KeyHolder, params: ProtocolParams) {
      const row = await owned(holder, params.id);
      if (!row) return refuse('NO_ID_RENT');
      const hours = hoursParam(params);
      if (hours === null) return refuse('INVALID_TIME');
      try {
        const quote = await rentals.quoteExtension(holder.userId, row.id, hours);
        return json({
          status: 'success',
          price: Number(decimal(quote.price)),
          currency: CURRENCY_NUMBERS[quote.currency],
        });
      } catch (err) {
        return rentRefusal(err);
      }
    },
  };
}
