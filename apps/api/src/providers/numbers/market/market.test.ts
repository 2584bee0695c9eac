import isoCountries from 'i18n-iso-countries';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import { STANDARD_SERVICE_CODES } from '../../../features/reseller/standard-services.ts';
import { FIVESIM_PRODUCTS } from '../fivesim.ts';
import { countryOfSmsActivateId, smsActivateCountryId } from '../sms-activate.ts';
import {
  byIso,
  fivesimNameOf,
  isoOfFivesimName,
  isoOfProtocolId,
  MARKET_COUNTRIES,
  protocolIdOf,
} from './countries.ts';
import { fivesimProductOf, MARKET_SERVICES, serviceByCode } from './services.ts';

const duplicates = (values: readonly unknown[]) => values.filter((v, i) => values.indexOf(v) !== i);

describe('market countries', () => {
  it('holds every ISO 3166-1 alpha-2 country once, each named in Portuguese and English', () => {
    expect(MARKET_COUNTRIES.length).toBeGreaterThanOrEqual(240);
    expect(duplicates(MARKET_COUNTRIES.map((c) => c.code))).toEqual([]);
    for (const c of MARKET_COUNTRIES) {
      expect(c.code).toMatch(/^[A-Z]{2}$/);
      // Intl answers the code itself for a region it cannot name.
      expect(c.namePt, c.code).not.toBe(c.code);
      expect(c.nameEn, c.code).not.toBe(c.code);
    }
    // Brazilian Portuguese, as the store's customers read it.
    expect([byIso('AM')?.namePt, byIso('KE')?.namePt, byIso('DE')?.namePt]).toEqual([
      'Armênia',
      'Quênia',
      'Alemanha',
    ]);
    expect(byIso('CD')?.namePt).not.toBe(byIso('CG')?.namePt);
  });

  // The calling codes are a static copy (see countries.ts): any drift after an upgrade shows here.
  it('agrees with i18n-iso-countries on the codes and with libphonenumber-js on the calling codes', () => {
    const codes = Object.keys(isoCountries.getAlpha2Codes()).sort();
    expect(MARKET_COUNTRIES.map((c) => c.code)).toEqual(codes);
    for (const c of MARKET_COUNTRIES) {
      const dial = isSupportedCountry(c.code) ? getCountryCallingCode(c.code) : undefined;
      expect(c.dial, c.code).toBe(dial);
    }
    // Only places without a calling code of their own (Antarctica, uninhabited islands, …) lack one.
    expect(MARKET_COUNTRIES.filter((c) => c.dial === undefined).length).toBeLessThanOrEqual(10);
  });

  it('gives the handler_api.php ids one country each, both ways', () => {
    const ids = MARKET_COUNTRIES.flatMap((c) => (c.protocolId === undefined ? [] : [c.protocolId]));
    expect(ids.length).toBeGreaterThanOrEqual(180);
    expect(duplicates(ids)).toEqual([]);
    for (const c of MARKET_COUNTRIES) {
      if (c.protocolId === undefined) continue;
      expect(isoOfProtocolId(c.protocolId)).toBe(c.code);
      expect(protocolIdOf(c.code.toLowerCase())).toBe(c.protocolId);
      expect(smsActivateCountryId(c.code)).toBe(c.protocolId);
      expect(countryOfSmsActivateId(c.protocolId)).toBe(c.code);
    }
    // 12 is sms-activate's "USA (virtual)": no country of its own.
    expect(isoOfProtocolId(12)).toBeUndefined();
    expect(isoOfProtocolId(-1)).toBeUndefined();
    expect(protocolIdOf('AQ')).toBeUndefined();
  });

  it("gives 5sim's names one country each, both ways", () => {
    const names = MARKET_COUNTRIES.flatMap((c) => (c.fivesimName ? [c.fivesimName] : []));
    expect(names.length).toBeGreaterThanOrEqual(150);
    expect(duplicates(names)).toEqual([]);
    for (const c of MARKET_COUNTRIES) {
      if (!c.fivesimName) continue;
      expect(c.fivesimName).toMatch(/^[a-z]+$/);
      expect(isoOfFivesimName(c.fivesimName)).toBe(c.code);
      expect(isoOfFivesimName(c.fivesimName.toUpperCase())).toBe(c.code);
      expect(fivesimNameOf(c.code.toLowerCase())).toBe(c.fivesimName);
    }
    expect(isoOfFivesimName('atlantis')).toBeUndefined();
  });

  it('states known facts of the sellers', () => {
    const facts: [iso: string, id: number, fivesim: string, dial: string][] = [
      ['BR', 73, 'brazil', '55'],
      ['US', 187, 'usa', '1'],
      ['GB', 16, 'england', '44'],
      ['DE', 43, 'germany', '49'],
      ['IN', 22, 'india', '91'],
      ['RU', 0, 'russia', '7'],
      ['UA', 1, 'ukraine', '380'],
      ['KZ', 2, 'kazakhstan', '7'],
      ['ZA', 31, 'southafrica', '27'],
    ];
    for (const [iso, id, fivesim, dial] of facts) {
      expect(byIso(iso), iso).toMatchObject({ code: iso, protocolId: id, fivesimName: fivesim, dial });
    }
    expect(byIso('br')?.namePt).toBe('Brasil');
    expect(byIso('BR')?.nameEn).toBe('Brazil');
    expect(byIso('ZZ')).toBeUndefined();
  });

  it('keeps the 32 countries the store knew before', () => {
    const before = `RU:0 UA:1 KZ:2 CN:3 PH:4 ID:6 MY:7 VN:10 IL:13 PL:15 GB:16 NG:19 EG:21 IN:22 ZA:31 RO:32
      CO:33 CA:36 AR:39 DE:43 NL:48 TH:52 MX:54 ES:56 TR:62 PE:65 BR:73 FR:78 IT:86 PT:117 CL:151 US:187`
      .trim()
      .split(/\s+/)
      .map((pair) => pair.split(':'));
    expect(before).toHaveLength(32);
    for (const [iso = '', id] of before) {
      expect(protocolIdOf(iso), iso).toBe(Number(id));
      // 5sim sold each of them too, under its English name.
      expect(fivesimNameOf(iso), iso).toBeDefined();
    }
  });
});

describe('market services', () => {
  it('holds at least 500 protocol codes once, each with a name', () => {
    expect(MARKET_SERVICES.length).toBeGreaterThanOrEqual(500);
    expect(duplicates(MARKET_SERVICES.map((s) => s.code))).toEqual([]);
    expect(duplicates(MARKET_SERVICES.map((s) => s.name.toLowerCase()))).toEqual([]);
    for (const s of MARKET_SERVICES) {
      expect(s.code).toMatch(/^[a-z0-9]{2,3}$/);
      expect(s.name.trim(), s.code).toBe(s.name);
      expect(s.name, s.code).not.toBe('');
      expect(serviceByCode(s.code.toUpperCase())).toBe(s);
      if (s.fivesimProduct !== undefined) expect(s.fivesimProduct, s.code).toMatch(/^[a-z0-9]+$/);
    }
    expect(serviceByCode('zzz')).toBeUndefined();
  });

  it('names the standard codes that getNumbersStatus and getPrices answer', () => {
    for (const code of STANDARD_SERVICE_CODES) expect(serviceByCode(code), code).toBeDefined();
  });

  it('states known facts of the sellers', () => {
    const facts: [code: string, name: string, product: string | undefined][] = [
      ['wa', 'WhatsApp', 'whatsapp'],
      ['tg', 'Telegram', 'telegram'],
      ['vk', 'VKontakte', 'vkontakte'],
      ['go', 'Google, YouTube, Gmail', 'google'],
      ['ot', 'Any other', 'other'],
      ['ig', 'Instagram', 'instagram'],
      ['fb', 'Facebook', 'facebook'],
      ['lf', 'TikTok/Douyin', 'tiktok'],
      ['ub', 'Uber', 'uber'],
    ];
    for (const [code, name, product] of facts) {
      expect(serviceByCode(code), code).toMatchObject({ name });
      expect(fivesimProductOf(code), code).toBe(product);
    }
  });

  it("agrees with the 5sim products the store buys, where our code is the protocol's", () => {
    // Our catalogue's codes that mean another service in the protocol: SERVICE_ALIASES in sms-activate.ts,
    // and iFood, which the catalogue calls "if".
    const ours: Record<string, string> = { tt: 'lf', ml: 'cq', if: 'pd' };
    for (const [code, product] of Object.entries(FIVESIM_PRODUCTS)) {
      expect(fivesimProductOf(ours[code] ?? code), code).toBe(product);
    }
  });
});
