/**
 * An upstream seller of virtual numbers (the simulator, an sms-activate protocol server, 5sim).
 * Services are our codes (sms-activate style: wa, tg, go, ig, fb, tt, ub, if, ml, nu, ...);
 * countries are ISO 3166-1 alpha-2 codes (BR, US, ...). Each adapter maps them to its own ids.
 */
export type UpstreamStatus =
  | { state: 'waiting' }
  | { state: 'code'; code: string; text: string }
  | { state: 'cancelled' }
  | { state: 'finished' };

export interface NumberRequest {
  service: string;
  country: string;
  /** Our activation id: lets a provider that supports it make the purchase idempotent. */
  orderId: string;
  /** The most we accept to pay upstream, in the provider's own unit, when known. */
  maxPrice?: number;
  /**
   * The mobile operator the number must belong to, as listOperators names it; absent: any. Only sent to
   * a seller that lists it (failover.ts), and a seller that cannot honour it refuses, never ignores it.
   */
  operator?: string;
}

/** What the store knows of an order it may have sent but never heard back about. */
export interface OrderLookup extends NumberRequest {
  /** When the seller was about to be asked (recorded just before the call). */
  askedAt: Date;
  /** The seller's ids the store already holds for other purchases: none of them is this order's. */
  known: readonly string[];
}

export interface AssignedNumber {
  upstreamId: string;
  /** E.164 without the plus sign, e.g. 5511987654321 */
  phoneNumber: string;
}

export interface StatusOptions {
  /**
   * How many times requestAnotherSms has been called on this activation (0 before the first call).
   * Real providers remember resends themselves and ignore this; the simulator keeps no state between
   * processes, so it needs the caller (who stores the activation) to tell it.
   */
  attempt?: number;
}

/** What a seller says about one of its activations in a batch answer (getActiveActivations). */
export interface ActiveActivation {
  upstreamId: string;
  status: UpstreamStatus;
}

/** What a seller charges for one number of a service in a country, in its own currency (e.g. 2.5 RUB). */
export interface UpstreamPrice {
  amount: number;
  /** ISO 4217 code: RUB, USD, BRL, ... */
  currency: string;
}

/** One thing a seller sells now: numbers of a service in a country, at a price, so many in stock. */
export interface UpstreamOffer {
  /** Our service code (the adapter maps its seller's names). */
  service: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  price: UpstreamPrice;
  stock: number;
}

export interface NumberProvider {
  readonly name: string;
  /**
   * How the store learns of an SMS. 'push': the seller posts it to the store's webhook (and is still
   * polled now and then, as webhooks get lost). Otherwise the store asks.
   */
  readonly inbound?: 'push' | 'poll';
  /**
   * One call answering for every activation the seller holds for us. Sellers that have it are polled
   * once per tick whatever the number of waiting activations; the others once per activation.
   */
  getActiveActivations?(): Promise<ActiveActivation[]>;
  requestNumber(req: NumberRequest): Promise<AssignedNumber>;
  /**
   * The activation bought for an order whose answer was lost. Sellers idempotent by orderId answer
   * with the activation bought under req.orderId; beware: one that never saw the order BUYS a number
   * now, so call it only for an order that may have been sent, and cancel what it returns. Sellers
   * without order ids match their recent orders by service, country and time, skipping `known`.
   * Null when this seller cannot look orders up; UpstreamError NOT_FOUND when it bought nothing.
   */
  findOrder?(req: OrderLookup): Promise<AssignedNumber | null>;
  getStatus(upstreamId: string, opts?: StatusOptions): Promise<UpstreamStatus>;
  /** Ask for another SMS on an activation that already received one. */
  requestAnotherSms(upstreamId: string): Promise<void>;
  cancel(upstreamId: string): Promise<void>;
  finish(upstreamId: string): Promise<void>;
  /** How many numbers the provider has now for a service in a country. */
  getStock(service: string, country: string): Promise<number>;
  /** What one number costs now; null when the seller does not sell the service in the country. */
  getPrice?(service: string, country: string): Promise<UpstreamPrice | null>;
  /**
   * Everything the seller sells now, in one or a few calls: what the catalogue import reads. Offers of
   * services or countries the adapter cannot name in our codes are left out.
   */
  listOffers?(): Promise<UpstreamOffer[]>;
  /**
   * The operators whose numbers the seller sells in a country (for a service, when the seller tells them
   * apart), lower-case, without the protocol's "any": the names requestNumber takes as `operator`. A
   * seller without it cannot choose an operator, and is never asked for one.
   */
  listOperators?(country: string, service?: string): Promise<string[]>;
  /** Rentals, when the seller sells them (RentCapabilities). */
  readonly rental?: RentCapabilities;
  /**
   * What the seller asks to sell an activation's number again (sms-activate checkExtraActivation, HeroSMS
   * reactivationPrice); null when it cannot say before trying (5sim). UpstreamError REUSE_REFUSED when
   * it will not. A seller without reuseNumber sells no number twice.
   */
  reusePrice?(original: ReusableNumber): Promise<UpstreamPrice | null>;
  /**
   * A new activation on the number of `original`, an activation this seller sold (getExtraActivation,
   * HeroSMS reactivate, 5sim reuse); REUSE_REFUSED when the seller no longer sells that number.
   */
  reuseNumber?(original: ReusableNumber, orderId: string): Promise<AssignedNumber>;
  /**
   * One number with an activation per service (getMultiServiceNumber), each received, cancelled and
   * finished on its own by its upstreamId. A seller without it is not asked for several services at once.
   */
  requestMultiServiceNumber?(req: MultiServiceRequest): Promise<MultiServiceNumber>;
}

/** One number for several services (getMultiServiceNumber): up to four services of one country. */
export interface MultiServiceRequest {
  services: readonly string[];
  country: string;
  /** Our id of the first service's activation: lets a seller that supports it find the order again. */
  orderId: string;
  operator?: string;
}

/** The number, and the seller's activation of each service on it. */
export interface MultiServiceNumber {
  phoneNumber: string;
  activations: { service: string; upstreamId: string }[];
}

/** An activation the store bought from a seller, as that seller knows it: what a reuse names. */
export interface ReusableNumber {
  upstreamId: string;
  /** E.164 digits without the plus sign. */
  phoneNumber: string;
  service: string;
  country: string;
}

/** The protocols' name for "whichever operator": the same as naming none. */
export const ANY_OPERATOR = 'any';

/** An operator name as sellers spell them (vivo, claro, virtual21, at_t): also what the API accepts. */
export const OPERATOR_PATTERN = /^[a-z0-9_]{1,32}$/;

export type UpstreamErrorCode =
  | 'NO_NUMBERS'
  | 'NO_BALANCE'
  | 'BAD_KEY'
  | 'BAD_SERVICE'
  /** No seller (or not this one) sells numbers of the operator asked for in that country. */
  | 'BAD_OPERATOR'
  | 'BANNED'
  | 'EARLY_CANCEL_DENIED'
  | 'NOT_FOUND'
  | 'ALREADY_HAS_SMS'
  /** The seller will not sell this number again (too late, the SIM gone, never reusable there). */
  | 'REUSE_REFUSED'
  | 'TIMEOUT'
  | 'BAD_REPLY'
  | 'UNAVAILABLE';

export class UpstreamError extends Error {
  constructor(
    readonly code: UpstreamErrorCode,
    message: string = code,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }

  /** Failing over to the next provider makes sense for these; the others are about this order. */
  get retryableElsewhere(): boolean {
    return [
      'NO_NUMBERS',
      'NO_BALANCE',
      'BAD_KEY',
      'BAD_SERVICE',
      'BAD_OPERATOR',
      'BANNED',
      'TIMEOUT',
      'BAD_REPLY',
      'UNAVAILABLE',
    ].includes(this.code);
  }
}

/** A number held for hours to weeks that receives every SMS (issue 34); sellers call it rent or hosting. */
export interface RentRequest {
  service: string;
  country: string;
  hours: number;
  /** Our rental id: lets a seller that supports it make the rental idempotent. */
  orderId: string;
  operator?: string;
}

export interface RentedNumber {
  upstreamId: string;
  phoneNumber: string;
  /** When the seller ends the rental. */
  endsAt: Date;
}

/** One SMS a rented number received, as the seller lists it. */
export interface RentSms {
  /** The seller's id of the SMS (or one derived from it): the same SMS listed twice is stored once. */
  id: string;
  from: string;
  text: string;
  receivedAt: Date;
}

/**
 * What a seller that rents numbers offers. Optional on NumberProvider: a seller without it is never
 * asked for a rental (failover goes only through sellers that have it).
 */
export interface RentCapabilities {
  /** The rental durations the seller sells, in hours. */
  readonly hours: readonly number[];
  rent(req: RentRequest): Promise<RentedNumber>;
  /** Every SMS received so far. */
  messages(upstreamId: string): Promise<RentSms[]>;
  /** Adds hours; answers the seller's new end. Absent: the seller's rentals cannot be extended. */
  extend?(upstreamId: string, hours: number): Promise<{ endsAt: Date }>;
  finish(upstreamId: string): Promise<void>;
  cancel(upstreamId: string): Promise<void>;
}

/** A provider with rent capabilities, as failover hands them out. */
export type RentingProvider = NumberProvider & { rental: RentCapabilities };

export const offersRent = (p: NumberProvider): p is RentingProvider => p.rental !== undefined;
