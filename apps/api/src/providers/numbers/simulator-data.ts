import { MARKET_COUNTRIES } from './market/countries.ts';
import { MARKET_SERVICES } from './market/services.ts';

/** Draws an integer in [0, n) from a seeded stream. */
export type Pick = (n: number) => number;

export interface CountryPlan {
  /** International dialling code, without "+". */
  dial: string;
  /** A national significant number of a mobile line. */
  national(pick: Pick): string;
}

export function digits(pick: Pick, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += pick(10);
  return out;
}

function oneOf<T>(pick: Pick, items: readonly T[]): T {
  return items[pick(items.length)]!;
}

/** A digit in [from, 9]: subscriber numbers rarely start with 0 or 1. */
function digitFrom(pick: Pick, from: number): string {
  return String(from + pick(10 - from));
}

const BR_DDD = [
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46,
  47, 48, 49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85,
  86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99,
];
const US_AREA = [
  201, 202, 212, 213, 305, 310, 312, 347, 415, 469, 512, 617, 646, 702, 713, 718, 786, 818, 917, 929,
];
const MX_AREA = ['55', '33', '81', '222', '442', '664', '998'];
const AR_AREA = ['11', '351', '341', '261', '223'];
const CO_PREFIX = [
  '300',
  '301',
  '302',
  '304',
  '305',
  '310',
  '311',
  '312',
  '313',
  '314',
  '315',
  '316',
  '317',
  '318',
];
const ID_PREFIX = [
  '811',
  '812',
  '813',
  '821',
  '822',
  '823',
  '852',
  '853',
  '856',
  '857',
  '858',
  '877',
  '878',
  '895',
];
const PH_PREFIX = [
  '905',
  '906',
  '915',
  '916',
  '917',
  '918',
  '919',
  '920',
  '921',
  '927',
  '935',
  '945',
  '966',
  '977',
];

/** US exchange codes never end in 11 (service codes such as 411) and 555 is kept for fiction. */
function usExchange(pick: Pick): string {
  const exchange = digitFrom(pick, 2) + digits(pick, 2);
  if (exchange.endsWith('11')) return `${exchange.slice(0, 2)}2`;
  return exchange === '555' ? '556' : exchange;
}

/** Mobile numbering per country: dialling code and the national number's shape and length. */
/** A mobile number of a country the simulator has no plan of its own for: 9 digits after the code. */
const genericPlan = (dial: string): CountryPlan => ({
  dial,
  national: (p) => `${digitFrom(p, 2)}${digits(p, 8)}`,
});
const GENERIC_PLANS = new Map(
  MARKET_COUNTRIES.flatMap((c) => (c.dial ? [[c.code, genericPlan(c.dial)] as const] : [])),
);

/** How the simulator makes up a number in a country: its own plan, else a generic one; none without a code. */
export function planOf(country: string): CountryPlan | undefined {
  return COUNTRY_PLANS[country] ?? GENERIC_PLANS.get(country);
}

/**
 * The market-sized catalogue (SIMULATOR_CATALOGUE=market): every protocol service but those whose code
 * the demo catalogue gives to another service, and every country with a calling code.
 */
export function marketCatalogue(): { services: readonly string[]; countries: readonly string[] } {
  const clashes = new Set(['nu', 'wb', 'ml', 'if', 'tt']);
  const services = MARKET_SERVICES.map((s) => s.code).filter((code) => !clashes.has(code));
  return {
    services: [...new Set([...DEMO_SERVICES, ...services])],
    countries: MARKET_COUNTRIES.filter((c) => c.dial).map((c) => c.code),
  };
}

/** The demo catalogue's services and countries (db/seed.ts): what the simulator lists by default. */
export const DEMO_SERVICES: readonly string[] = [
  'wa',
  'wb',
  'tg',
  'ig',
  'fb',
  'lf',
  'ub',
  'if',
  'ml',
  'nu',
  'go',
  'mm',
  'am',
  'ds',
];
export const DEMO_COUNTRIES: readonly string[] = [
  'BR',
  'US',
  'PT',
  'AR',
  'MX',
  'CO',
  'GB',
  'DE',
  'FR',
  'ES',
  'IN',
  'ID',
  'PH',
];

export const COUNTRY_PLANS: Readonly<Record<string, CountryPlan>> = {
  // 2-digit DDD, then the mobile 9 and 8 digits.
  BR: { dial: '55', national: (p) => `${oneOf(p, BR_DDD)}9${digitFrom(p, 6)}${digits(p, 7)}` },
  US: { dial: '1', national: (p) => `${oneOf(p, US_AREA)}${usExchange(p)}${digits(p, 4)}` },
  GB: { dial: '44', national: (p) => `7${oneOf(p, ['4', '5', '7', '8', '9'])}${digits(p, 8)}` },
  // 015x lines have 8 subscriber digits, the older 017x ones 7.
  DE: {
    dial: '49',
    national: (p) =>
      p(2) === 0 ? `15${oneOf(p, ['1', '2', '7', '9'])}${digits(p, 8)}` : `17${p(6)}${digits(p, 7)}`,
  },
  FR: {
    dial: '33',
    national: (p) => (p(2) === 0 ? `6${digits(p, 8)}` : `7${digitFrom(p, 3)}${digits(p, 7)}`),
  },
  ES: { dial: '34', national: (p) => (p(2) === 0 ? `6${digits(p, 8)}` : `7${1 + p(4)}${digits(p, 7)}`) },
  PT: { dial: '351', national: (p) => `9${oneOf(p, ['1', '2', '3', '6'])}${digits(p, 7)}` },
  MX: {
    dial: '52',
    national: (p) => {
      const area = oneOf(p, MX_AREA);
      return `${area}${digitFrom(p, 2)}${digits(p, 9 - area.length)}`;
    },
  },
  // Mobiles are dialled from abroad as 9 + area code + number, the number filling 10 digits.
  AR: {
    dial: '54',
    national: (p) => {
      const area = oneOf(p, AR_AREA);
      return `9${area}${digitFrom(p, 2)}${digits(p, 9 - area.length)}`;
    },
  },
  CO: { dial: '57', national: (p) => `${oneOf(p, CO_PREFIX)}${digitFrom(p, 2)}${digits(p, 6)}` },
  IN: { dial: '91', national: (p) => `${digitFrom(p, 6)}${digits(p, 9)}` },
  ID: { dial: '62', national: (p) => `${oneOf(p, ID_PREFIX)}${digits(p, 8)}` },
  PH: { dial: '63', national: (p) => `${oneOf(p, PH_PREFIX)}${digits(p, 7)}` },
  RU: { dial: '7', national: (p) => `9${digits(p, 2)}${digitFrom(p, 2)}${digits(p, 6)}` },
};

export type Lang = 'pt' | 'es' | 'en';

export function langOf(country: string): Lang {
  if (country === 'BR' || country === 'PT') return 'pt';
  if (['ES', 'MX', 'AR', 'CO'].includes(country)) return 'es';
  return 'en';
}

export interface SmsTemplate {
  codeLength: number;
  text: Record<Lang, (code: string) => string>;
}

const split = (code: string) => `${code.slice(0, 3)}-${code.slice(3)}`;
const spaced = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;

const DEFAULT_TEMPLATE: SmsTemplate = {
  codeLength: 6,
  text: {
    pt: (c) => `Seu código de verificação é ${c}. Não o compartilhe com ninguém.`,
    es: (c) => `Tu código de verificación es ${c}. No lo compartas con nadie.`,
    en: (c) => `Your verification code is ${c}. Do not share it with anyone.`,
  },
};

/** What each service's verification SMS looks like, close enough for people testing the store. */
const TEMPLATES: Readonly<Record<string, SmsTemplate>> = {
  wa: {
    codeLength: 6,
    text: {
      pt: (c) => `Seu código do WhatsApp: ${split(c)}\n\nNão compartilhe esse código com ninguém.`,
      es: (c) => `Tu código de WhatsApp: ${split(c)}\n\nNo compartas este código con nadie.`,
      en: (c) => `Your WhatsApp code: ${split(c)}\n\nDon't share this code with others.`,
    },
  },
  tg: {
    codeLength: 5,
    text: {
      pt: (c) => `Código do Telegram: ${c}\n\nNão dê este código a ninguém, mesmo que digam ser do Telegram!`,
      es: (c) => `Código de Telegram: ${c}\n\n¡No des este código a nadie, aunque digan ser de Telegram!`,
      en: (c) =>
        `Telegram code: ${c}\n\nDo not give this code to anyone, even if they say they are from Telegram!`,
    },
  },
  go: {
    codeLength: 6,
    text: {
      pt: (c) => `G-${c} é seu código de verificação do Google.`,
      es: (c) => `G-${c} es tu código de verificación de Google.`,
      en: (c) => `G-${c} is your Google verification code.`,
    },
  },
  ig: {
    codeLength: 6,
    text: {
      pt: (c) => `${spaced(c)} é seu código do Instagram. Não compartilhe.`,
      es: (c) => `${spaced(c)} es tu código de Instagram. No lo compartas.`,
      en: (c) => `${spaced(c)} is your Instagram code. Don't share it.`,
    },
  },
  fb: {
    codeLength: 6,
    text: {
      pt: (c) => `${c} é seu código de confirmação do Facebook`,
      es: (c) => `${c} es tu código de confirmación de Facebook`,
      en: (c) => `${c} is your Facebook confirmation code`,
    },
  },
  tt: {
    codeLength: 6,
    text: {
      pt: (c) =>
        `[TikTok] ${c} é seu código de verificação, válido por 5 minutos. Nunca encaminhe este código.`,
      es: (c) =>
        `[TikTok] ${c} es tu código de verificación, válido por 5 minutos. Nunca reenvíes este código.`,
      en: (c) => `[TikTok] ${c} is your verification code, valid for 5 minutes. Never forward this code.`,
    },
  },
  ub: {
    codeLength: 4,
    text: {
      pt: (c) => `Seu código Uber é ${c}. Nunca compartilhe este código.`,
      es: (c) => `Tu código de Uber es ${c}. Nunca compartas este código.`,
      en: (c) => `Your Uber code is ${c}. Never share this code.`,
    },
  },
  if: {
    codeLength: 6,
    text: {
      pt: (c) => `iFood: seu código de acesso é ${c}. Não compartilhe com ninguém.`,
      es: (c) => `iFood: tu código de acceso es ${c}. No lo compartas con nadie.`,
      en: (c) => `iFood: your access code is ${c}. Don't share it with anyone.`,
    },
  },
  ml: {
    codeLength: 6,
    text: {
      pt: (c) => `${c} é o seu código de verificação do Mercado Livre. Não compartilhe.`,
      es: (c) => `${c} es tu código de verificación de Mercado Libre. No lo compartas.`,
      en: (c) => `${c} is your Mercado Libre verification code. Don't share it.`,
    },
  },
  nu: {
    codeLength: 6,
    text: {
      pt: (c) => `Nubank: seu código de verificação é ${c}. Nunca compartilhe este código.`,
      es: (c) => `Nu: tu código de verificación es ${c}. Nunca compartas este código.`,
      en: (c) => `Nubank: your verification code is ${c}. Never share this code.`,
    },
  },
};

export function templateFor(service: string): SmsTemplate {
  return TEMPLATES[service] ?? DEFAULT_TEMPLATE;
}
