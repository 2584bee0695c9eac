import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { postInboundSms } from './inbound.ts';
import type {
  AssignedNumber,
  NumberProvider,
  NumberRequest,
  StatusOptions,
  UpstreamOffer,
  UpstreamPrice,
  UpstreamStatus,
} from './number-provider.ts';
import { ANY_OPERATOR, UpstreamError } from './number-provider.ts';
import {
  DEMO_COUNTRIES,
  DEMO_SERVICES,
  digits,
  langOf,
  type Pick,
  planOf,
  templateFor,
} from './simulator-data.ts';
import { operatorsOf } from './simulator-operators.ts';
import { simulatorRentals } from './simulator-rent.ts';

export interface SimulatorOptions {
  /** Shortest time between buying a number and its SMS arriving. */
  minDelayMs: number;
  maxDelayMs: number;
  /** Share of activations, 0..1, that never receive an SMS. */
  noSmsRate: number;
  now?: () => number;
  /** Signs activation ids; every API process must share it for ids to work across processes. */
  secret?: string;
  /**
   * Where to post each SMS at its arrival time, as a pushing seller does; without it the simulator is
   * only polled. Pushes are planned by the process that sold the number (or was asked for a resend).
   */
  push?: { url: string; fetch?: typeof fetch };
  /**
   * What it lists for the catalogue import (listOffers), by default the demo catalogue's services and
   * countries. It sells any service in any country it has a numbering plan for, listed or not.
   */
  catalogue?: { services: readonly string[]; countries: readonly string[] };
  /** How long after its first SMS a number may be sold again (reuse); REUSE_WINDOW_MS by default. */
  reuseWindowMs?: number;
}

/** Sellers keep a used number for the same customer a few hours; the simulator, two. */
export const REUSE_WINDOW_MS = 2 * 60 * 60_000;

/**
 * Everything the simulator knows about an activation travels inside its upstreamId, so any process
 * can answer for an id another process issued: the number, the codes and their arrival times are all
 * derived from the seed and the clock.
 */
interface SimActivation {
  country: string;
  service: string;
  createdAt: number;
  seed: string;
}

const ID_VERSION = '1';
const DEFAULT_SECRET = 'numero-simulator';
const SERVICE_PATTERN = /^[a-z0-9]{2,12}$/;
const MAX_ATTEMPT = 100;

export function createSimulatorProvider(opts: SimulatorOptions): NumberProvider {
  checkOptions(opts);
  const now = opts.now ?? Date.now;
  const secret = opts.secret ?? DEFAULT_SECRET;

  /**
   * What this simulator sells for an order: its seed (so its number) comes from the order id, so that
   * the order can be found again by id, as getNumberV2 with orderId finds it at sms-activate.
   */
  function sell(req: NumberRequest): SimActivation {
    const country = req.country.toUpperCase();
    const plan = planOf(country);
    if (!plan) throw new UpstreamError('NO_NUMBERS', `simulator: no numbers for country ${req.country}`);
    if (!SERVICE_PATTERN.test(req.service)) {
      throw new UpstreamError('BAD_SERVICE', 'simulator: bad service code');
    }
    if (stockOf(req.service, country) === 0) {
      throw new UpstreamError('NO_NUMBERS', `simulator: no ${req.service} numbers in ${country}`);
    }
    // Every operator it lists has numbers whenever the country has them; any other is refused, not
    // replaced by whichever network the number would have come from.
    if (req.operator && req.operator !== ANY_OPERATOR && !operatorsOf(country).includes(req.operator)) {
      throw new UpstreamError('BAD_OPERATOR', `simulator: no ${req.operator} numbers in ${country}`);
    }
    return {
      country,
      service: req.service,
      createdAt: now(),
      seed: req.orderId ? orderSeed(req.orderId, secret) : randomBytes(8).toString('hex'),
    };
  }

  async function requestNumber(req: NumberRequest): Promise<AssignedNumber> {
    const activation = sell(req);
    const upstreamId = encodeId(activation, secret);
    schedulePush(upstreamId, activation, 0);
    return { upstreamId, phoneNumber: phoneNumberOf(activation) };
  }

  // Resends asked of this process, per activation: the n-th resend's SMS is pushed at its own time.
  const resends = new Map<string, number>();

  function schedulePush(upstreamId: string, activation: SimActivation, attempt: number) {
    const push = opts.push;
    if (!push || fraction(activation.seed, 'silent') < opts.noSmsRate) return;
    const wait = Math.max(0, arrivalOf(activation, attempt, opts) - now());
    const timer = setTimeout(() => {
      const sms = smsOf(activation, attempt);
      void postInboundSms(
        push.url,
        {
          activationId: upstreamId,
          service: activation.service,
          country: activation.country,
          receivedAt: new Date(now()).toISOString(),
          ...sms,
        },
        { fetch: push.fetch },
      );
    }, wait);
    // A pending push must not keep the process alive: the store polls as well.
    timer.unref();
  }

  /**
   * The activation sold for an order, found by its id: the same number. Like a seller, it answers
   * NO_NUMBERS for an order it could never have sold (nothing was bought), and like sms-activate's
   * getNumberV2 it sells for an order it never saw, so the caller cancels what it finds. Holding no
   * state, it dates what it finds now, so its SMS would come later than the original's: it is found
   * only to be cancelled.
   */
  async function findOrder(req: NumberRequest): Promise<AssignedNumber> {
    const activation = sell(req);
    return { upstreamId: encodeId(activation, secret), phoneNumber: phoneNumberOf(activation) };
  }

  async function requestAnotherSms(upstreamId: string): Promise<void> {
    const activation = decodeId(upstreamId, secret);
    const attempt = Math.min(MAX_ATTEMPT, (resends.get(upstreamId) ?? 0) + 1);
    resends.set(upstreamId, attempt);
    // Arrival times count from the purchase: the SMS of resend n is due after n + 1 seeded delays.
    schedulePush(upstreamId, activation, attempt);
  }

  async function getStatus(upstreamId: string, options: StatusOptions = {}): Promise<UpstreamStatus> {
    const activation = decodeId(upstreamId, secret);
    if (fraction(activation.seed, 'silent') < opts.noSmsRate) return { state: 'waiting' };
    const attempt = Math.min(MAX_ATTEMPT, Math.max(0, Math.floor(options.attempt ?? 0)));
    if (now() < arrivalOf(activation, attempt, opts)) return { state: 'waiting' };
    return { state: 'code', ...smsOf(activation, attempt) };
  }

  // Nothing to remember: cancelling, finishing and resending are recorded by the caller, who then
  // passes the resend count to getStatus. These only refuse ids this simulator did not issue.
  async function checkKnown(upstreamId: string): Promise<void> {
    decodeId(upstreamId, secret);
  }

  /**
   * An activation whose number may be sold again: one that received its first SMS less than the reuse
   * window ago. Before its code the number is still in use; one that never got an SMS has no account on it.
   */
  function reusable(upstreamId: string): SimActivation {
    const activation = decodeId(upstreamId, secret);
    const firstSms = arrivalOf(activation, 0, opts);
    const silent = fraction(activation.seed, 'silent') < opts.noSmsRate;
    if (silent || now() < firstSms)
      throw new UpstreamError('REUSE_REFUSED', 'simulator: this number received no SMS to reuse');
    if (now() > firstSms + (opts.reuseWindowMs ?? REUSE_WINDOW_MS))
      throw new UpstreamError('REUSE_REFUSED', 'simulator: reuse expired');
    return activation;
  }

  async function listOffers(): Promise<UpstreamOffer[]> {
    const { services, countries } = opts.catalogue ?? { services: DEMO_SERVICES, countries: DEMO_COUNTRIES };
    const offers: UpstreamOffer[] = [];
    // Like a seller's price list, it lists what is out of stock for now too.
    for (const country of countries)
      for (const service of services)
        offers.push({ service, country, price: costOf(service, country), stock: stockOf(service, country) });
    return offers;
  }

  return {
    name: 'simulator',
    inbound: opts.push ? 'push' : 'poll',
    requestNumber,
    findOrder,
    getStatus,
    requestAnotherSms,
    cancel: checkKnown,
    finish: checkKnown,
    getStock: async (service, country) => stockOf(service, country.toUpperCase()),
    getPrice: async (service, country) => priceOf(service, country.toUpperCase()),
    listOffers,
    listOperators: async (country) => [...operatorsOf(country.toUpperCase())],
    rental: simulatorRentals({
      ...opts,
      now,
      secret,
      phoneOf: (country, seed) => phoneNumberOf({ country, service: '', createdAt: 0, seed }),
    }),
    reusePrice: async (original) => {
      const activation = reusable(original.upstreamId);
      return costOf(activation.service, activation.country);
    },
    requestMultiServiceNumber: async (req) => {
      // One line for the order, and an activation per service on it with codes of its own.
      const sold = req.services.map((service) => sell({ ...req, service }));
      const line = sold[0]!.seed;
      const activations = sold.map((a) => {
        const activation = { ...a, seed: `${line}+${a.service}` };
        const upstreamId = encodeId(activation, secret);
        schedulePush(upstreamId, activation, 0);
        return { service: a.service, upstreamId };
      });
      return { phoneNumber: phoneNumberOf(sold[0]!), activations };
    },
    reuseNumber: async (original, orderId) => {
      const used = reusable(original.upstreamId);
      // The same line (the phone's seed) with codes of its own, found again by the order's id.
      const activation = { ...used, createdAt: now(), seed: `${lineOf(used)}+${orderSeed(orderId, secret)}` };
      const upstreamId = encodeId(activation, secret);
      schedulePush(upstreamId, activation, 0);
      return { upstreamId, phoneNumber: phoneNumberOf(activation) };
    },
  };
}

/** The part of a seed that picks the phone number: a reuse keeps it and adds its own after a "+". */
function lineOf(activation: SimActivation): string {
  return activation.seed.split('+')[0]!;
}

function checkOptions(opts: SimulatorOptions): void {
  if (!(opts.minDelayMs >= 0 && opts.maxDelayMs >= opts.minDelayMs)) {
    throw new RangeError('simulator: need 0 <= minDelayMs <= maxDelayMs');
  }
  if (!(opts.noSmsRate >= 0 && opts.noSmsRate <= 1)) {
    throw new RangeError('simulator: noSmsRate must be in 0..1');
  }
}

/** A deterministic stream of integers for one seed and purpose. */
function seededPick(seed: string, label: string): Pick {
  let block = 0;
  let bytes = Buffer.alloc(0);
  let offset = 0;
  return (n) => {
    if (offset + 4 > bytes.length) {
      bytes = createHash('sha256').update(`${seed}:${label}:${block++}`).digest();
      offset = 0;
    }
    const value = bytes.readUInt32BE(offset);
    offset += 4;
    return value % n;
  };
}

function fraction(seed: string, label: string): number {
  return seededPick(seed, label)(2 ** 32) / 2 ** 32;
}

/** Stable per service and country, and zero for about one pair in twelve, as with real sellers. */
function stockOf(service: string, country: string): number {
  if (!planOf(country)) return 0;
  const pick = seededPick('stock', `${country}:${service}`);
  return pick(12) === 0 ? 0 : 1 + pick(500);
}

/**
 * Stable per service and country: US$ 0.02 to 0.20 a number (under the demo catalogue's cheapest price,
 * R$ 1.50, so the demo sells at a margin).
 */
function costOf(service: string, country: string): UpstreamPrice {
  const pick = seededPick('price', `${country}:${service}`);
  return { amount: (2 + pick(19)) / 100, currency: 'USD' };
}

/** What a number costs now: none is sold where there is no stock. */
function priceOf(service: string, country: string): UpstreamPrice | null {
  return stockOf(service, country) === 0 ? null : costOf(service, country);
}

function phoneNumberOf(activation: SimActivation): string {
  const plan = planOf(activation.country)!;
  return plan.dial + plan.national(seededPick(lineOf(activation), 'phone'));
}

/** The SMS for resend n comes one more seeded delay after the one before it. */
function arrivalOf(activation: SimActivation, attempt: number, opts: SimulatorOptions): number {
  let at = activation.createdAt;
  for (let i = 0; i <= attempt; i++) {
    at += Math.round(
      opts.minDelayMs + fraction(activation.seed, `delay:${i}`) * (opts.maxDelayMs - opts.minDelayMs),
    );
  }
  return at;
}

function smsOf(activation: SimActivation, attempt: number): { code: string; text: string } {
  const template = templateFor(activation.service);
  const code = digits(seededPick(activation.seed, `code:${attempt}`), template.codeLength);
  return { code, text: template.text[langOf(activation.country)](code) };
}

function encodeId(activation: SimActivation, secret: string): string {
  const fields = [
    ID_VERSION,
    activation.country,
    activation.service,
    activation.createdAt.toString(36),
    activation.seed,
  ];
  const payload = Buffer.from(fields.join(':')).toString('base64url');
  return `${payload}.${sign(payload, secret).toString('base64url')}`;
}

function decodeId(upstreamId: string, secret: string): SimActivation {
  const [payload = '', mac = '', extra] = upstreamId.split('.');
  const given = Buffer.from(mac, 'base64url');
  const expected = sign(payload, secret);
  if (extra !== undefined || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new UpstreamError('NOT_FOUND', 'simulator: unknown activation id');
  }
  const [version, country = '', service = '', createdAt = '', seed = ''] = Buffer.from(payload, 'base64url')
    .toString()
    .split(':');
  const activation = { country, service, createdAt: Number.parseInt(createdAt, 36), seed };
  // A valid signature with odd fields means a newer or older id format, not one we can answer for.
  if (version !== ID_VERSION || !planOf(country) || !Number.isSafeInteger(activation.createdAt)) {
    throw new UpstreamError('NOT_FOUND', 'simulator: unsupported activation id');
  }
  return activation;
}

function orderSeed(orderId: string, secret: string): string {
  return createHmac('sha256', secret).update(`order:${orderId}`).digest('hex').slice(0, 16);
}

function sign(payload: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest().subarray(0, 12);
}
