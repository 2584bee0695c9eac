import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LETTER_COLOURS, letterColour, ServiceIcon, serviceLetters } from './brand-icons.tsx';
import { CountryFlag, flagUrl } from './country-flag.tsx';

const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

afterEach(cleanup);

/** The first icon loads the brand marks' module: checked once it has come. */
async function renderIcon(ui: React.ReactElement) {
  const view = render(ui);
  await waitFor(() => expect(view.container.querySelector('[data-icon="loading"]')).toBeNull());
  return view;
}

describe('service icons', () => {
  // The first test of the file: the marks are not loaded yet.
  it('keeps the place of a mark still loading, at the same size', async () => {
    const { container } = render(<ServiceIcon code="nf" name="Netflix" className="size-6" />);
    const icon = container.querySelector('[data-icon]')!;
    expect(icon.getAttribute('data-icon')).toBe('loading');
    expect(icon.className).toContain('size-6');
    await waitFor(() => expect(container.querySelector('[data-icon="netflix"]')).toBeTruthy());
  });

  it('draws a known service as its brand mark, in its brand colour, with no text', async () => {
    const { container } = await renderIcon(<ServiceIcon code="wa" name="WhatsApp" />);
    const icon = container.querySelector('[data-icon]')!;
    expect(icon.getAttribute('data-icon')).toBe('whatsapp');
    expect(icon.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelector('svg path')).toBeTruthy();
    expect(container.querySelector('svg')!.getAttribute('fill')).toMatch(/^#[0-9A-F]{6}$/i);
    expect(container.textContent).toBe('');
  });

  it.each([
    ['tg', 'Telegram', 'telegram'],
    ['go', 'Google', 'google'],
    ['lf', 'TikTok', 'tiktok'],
    ['tw', 'Twitter', 'x'],
    ['wx', 'Apple', 'apple'],
    ['nf', 'Netflix', 'netflix'],
    ['if', 'iFood', 'ifood'],
    ['mt', 'Steam', 'steam'],
    ['oi', 'Tinder', 'tinder'],
    ['me', 'LINE', 'line'],
    ['uk', 'Airbnb', 'airbnb'],
    ['ts', 'PayPal', 'paypal'],
  ])('draws %s (%s) as its brand mark', async (code, name, slug) => {
    const { container } = await renderIcon(<ServiceIcon code={code} name={name} />);
    expect(container.querySelector('[data-icon]')!.getAttribute('data-icon')).toBe(slug);
  });

  it('knows a brand by its whole name when its code is not mapped', async () => {
    const { container } = await renderIcon(
      <>
        <ServiceIcon code="wb" name="WhatsApp Business" />
        <ServiceIcon code="x1" name="Spotify" />
        <ServiceIcon code="x2" name="Spotify Pirate" />
      </>,
    );
    const icons = [...container.querySelectorAll('[data-icon]')].map((i) => i.getAttribute('data-icon'));
    expect(icons).toEqual(['whatsapp', 'spotify', 'letters']);
  });

  it('reads a labelled icon out by its name', async () => {
    await renderIcon(<ServiceIcon code="tg" name="Telegram" label="Telegram" />);
    expect(screen.getByRole('img', { name: 'Telegram' })).toBeTruthy();
  });

  it('gives a service without a brand mark its letters, on a colour of its own', async () => {
    const { container } = await renderIcon(<ServiceIcon code="zz" name="Unknown app" label="Unknown app" />);
    const icon = container.querySelector('[data-icon="letters"]')!;
    expect(icon.textContent).toBe('UA');
    expect(icon.querySelector('rect')!.getAttribute('fill')).toBe(letterColour('zz'));
    expect(screen.getByRole('img', { name: 'Unknown app' })).toBeTruthy();
  });

  it('letters a service whose brand simple-icons does not draw (Microsoft, Amazon, OLX)', async () => {
    const { container } = await renderIcon(
      <>
        <ServiceIcon code="mm" name="Microsoft" />
        <ServiceIcon code="am" name="Amazon" />
        <ServiceIcon code="sn" name="OLX" />
      </>,
    );
    expect([...container.querySelectorAll('[data-icon="letters"]')].map((i) => i.textContent)).toEqual([
      'M',
      'A',
      'O',
    ]);
  });

  it('takes the first letter of one word and the initials of two', () => {
    expect(serviceLetters('Avito', 'av')).toBe('A');
    expect(serviceLetters('Mercado Livre', 'ml')).toBe('ML');
    expect(serviceLetters('  ônibus & metrô rápido', 'om')).toBe('ÔM');
    expect(serviceLetters('99app', 'ki')).toBe('9');
    expect(serviceLetters('—', 'ki')).toBe('KI');
  });

  it('colours a code the same every time, and not every code alike', () => {
    const codes = ['av', 'ml', 'sn', 'mm', 'am', 'yl', 'kp', 'bd', 'ot', 'zz'];
    expect(codes.map(letterColour)).toEqual(codes.map(letterColour));
    expect(letterColour('ML')).toBe(letterColour('ml'));
    expect(new Set(codes.map(letterColour)).size).toBeGreaterThan(4);
    for (const code of codes) expect(LETTER_COLOURS).toContain(letterColour(code));
  });

  it('keeps white letters readable on every colour (WCAG AA, 4.5:1)', () => {
    const channel = (c: number) => {
      const s = c / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => channel(Number.parseInt(hex.slice(i, i + 2), 16)));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    for (const colour of LETTER_COLOURS)
      expect(1.05 / (luminance(colour) + 0.05)).toBeGreaterThanOrEqual(4.5);
  });
});

// ISO 3166-1 alpha-2, every code.
const ISO_CODES =
  `AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS
  BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER
  ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE
  IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA
  MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM
  PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR
  SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU
  WF WS YE YT ZA ZM ZW`.split(/\s+/);

describe('country flags', () => {
  it.each(['BR', 'US', 'KZ', 'FJ', 'IS', 'ZW', 'VA', 'TL', 'GL', 'AQ'])(
    'draws the flag of %s from its bundled SVG, loaded lazily at a fixed size',
    (code) => {
      const { container } = render(<CountryFlag code={code.toLowerCase()} />);
      const flag = container.querySelector(`[data-icon="flag-${code}"]`)!;
      expect(flag.getAttribute('aria-hidden')).toBe('true');
      const img = flag.querySelector('img')!;
      expect(img.getAttribute('src')).toMatch(new RegExp(`/${code}(-[\\w-]+)?\\.svg(\\?no-inline)?$`));
      expect(img.getAttribute('src')).not.toMatch(/^(data:|https?:)/);
      expect(img.getAttribute('alt')).toBe('');
      expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['24', '16']);
      expect([img.getAttribute('loading'), img.getAttribute('decoding')]).toEqual(['lazy', 'async']);
      expect(container.querySelector('[data-icon="fallback"]')).toBeNull();
    },
  );

  it('has a flag for every ISO 3166-1 country', () => {
    expect(ISO_CODES).toHaveLength(249);
    expect(ISO_CODES.filter((code) => !flagUrl(code))).toEqual([]);
  });

  it('reads a labelled flag out by its country, never as an emoji', () => {
    const { container } = render(<CountryFlag code="br" label="Brasil" />);
    expect(screen.getByRole('img', { name: 'Brasil' })).toBeTruthy();
    expect(EMOJI.test(container.textContent ?? '')).toBe(false);
  });

  it.each(['XX', 'EU', 'B', 'BRA', '', '../BR'])('shows a globe for %j, which names no country', (code) => {
    const { container } = render(<CountryFlag code={code} />);
    expect(container.querySelector('[data-icon="fallback"]')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });
});
