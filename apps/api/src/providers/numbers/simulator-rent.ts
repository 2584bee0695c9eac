import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { RentCapabilities, RentRequest, RentSms } from './number-provider.ts';
import { ANY_OPERATOR, UpstreamError } from './number-provider.ts';
import { digits, langOf, planOf, templateFor } from './simulator-data.ts';
import { operatorsOf } from './simulator-operators.ts';

/** The durations the simulator rents for: every one the store sells. */
const HOURS = [4, 12, 24, 48, 72, 168, 336, 720] as const;
/** A simulated rental receives at most this many SMS over its life. */
const MAX_SMS = 12;
const HOUR = 3_600_000;

/** What a simulated rental is, all of it inside its signed id so that any process can answer for it. */
interface SimRental {
  country: string;
  service: string;
  createdAt: number;
  seed: string;
}

const pickOf = (seed: string, label: string) => {
  let block = 0;
  let bytes = Buffer.alloc(0);
  let offset = 0;
  return (n: number) => {
    if (offset + 4 > bytes.length) {
      bytes = createHash('sha256').update(`${seed}:${label}:${block++}`).digest();
      offset = 0;
    }
    const v = bytes.readUInt32BE(offset);
    offset += 4;
    return v % n;
  };
};

/**
 * The simulator's rentals: a number that receives an SMS every 2 × (`minDelayMs`–`maxDelayMs`) from its start
 * (the demo's settings make that seconds, so a rental shows several SMS within a minute), up to a dozen.
 * Stateless like its activations: the seller's end, extensions and cancels are the store's record.
 */
export function simulatorRentals(opts: {
  minDelayMs: number;
  maxDelayMs: number;
  now: () => number;
  secret: string;
  phoneOf: (country: string, seed: string) => string;
}): RentCapabilities {
  const { now, secret } = opts;
  const sign = (payload: string) =>
    createHmac('sha256', `${secret}:rent`).update(payload).digest().subarray(0, 12);

  function encode(r: SimRental) {
    const payload = Buffer.from(
      ['R1', r.country, r.service, r.createdAt.toString(36), r.seed].join(':'),
    ).toString('base64url');
    return `${payload}.${sign(payload).toString('base64url')}`;
  }

  function decode(id: string): SimRental {
    const [payload = '', mac = '', extra] = id.split('.');
    const given = Buffer.from(mac, 'base64url');
    const expected = sign(payload);
    if (extra !== undefined || given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new UpstreamError('NOT_FOUND', 'simulator: unknown rental id');
    const [v, country = '', service = '', createdAt = '', seed = ''] = Buffer.from(payload, 'base64url')
      .toString()
      .split(':');
    if (v !== 'R1' || !planOf(country))
      throw new UpstreamError('NOT_FOUND', 'simulator: unsupported rental id');
    return { country, service, createdAt: Number.parseInt(createdAt, 36), seed };
  }

  function arrivals(r: SimRental): number[] {
    const out: number[] = [];
    let at = r.createdAt;
    for (let i = 0; i < MAX_SMS; i++) {
      // Twice an activation's delay between SMS: a rental's SMS come spread over its life, and in the demo
      // (3-5 s delays) the first still leaves a few seconds to try the refund window.
      at +=
        2 *
        (opts.minDelayMs + pickOf(r.seed, `gap:${i}`)(Math.max(1, opts.maxDelayMs - opts.minDelayMs + 1)));
      out.push(at);
    }
    return out;
  }

  async function rent(req: RentRequest) {
    const country = req.country.toUpperCase();
    if (!planOf(country))
      throw new UpstreamError('NO_NUMBERS', `simulator: no numbers for country ${req.country}`);
    if (!(HOURS as readonly number[]).includes(req.hours))
      throw new UpstreamError('BAD_SERVICE', 'simulator: bad rental time');
    if (req.operator && req.operator !== ANY_OPERATOR && !operatorsOf(country).includes(req.operator))
      throw new UpstreamError('BAD_OPERATOR', `simulator: no ${req.operator} numbers in ${country}`);
    const seed = req.orderId
      ? createHmac('sha256', secret).update(`rent:${req.orderId}`).digest('hex').slice(0, 16)
      : randomBytes(8).toString('hex');
    const r: SimRental = { country, service: req.service, createdAt: now(), seed };
    return {
      upstreamId: encode(r),
      phoneNumber: opts.phoneOf(country, seed),
      endsAt: new Date(r.createdAt + req.hours * HOUR),
    };
  }

  async function messages(upstreamId: string): Promise<RentSms[]> {
    const r = decode(upstreamId);
    const template = templateFor(r.service);
    const t = now();
    return arrivals(r)
      .map((at, i) => ({ at, i }))
      .filter(({ at }) => at <= t)
      .map(({ at, i }) => {
        const code = digits(pickOf(r.seed, `code:${i}`), template.codeLength);
        return {
          id: String(i),
          from: r.service.toUpperCase(),
          text: template.text[langOf(r.country)](code),
          receivedAt: new Date(at),
        };
      });
  }

  return {
    hours: HOURS,
    rent,
    messages,
    extend: async (upstreamId, hours) => {
      decode(upstreamId);
      return { endsAt: new Date(now() + hours * HOUR) };
    },
    finish: async (upstreamId) => void decode(upstreamId),
    cancel: async (upstreamId) => void decode(upstreamId),
  };
}
