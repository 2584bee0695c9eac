/**
 * How the networks write their own names; sellers send them lower-case and without punctuation
 * (att, tmobile). Others are shown with a capital letter, underscores as spaces.
 */
const BRANDS: Readonly<Record<string, string>> = {
  att: 'AT&T',
  tmobile: 'T-Mobile',
  tim: 'TIM',
  ee: 'EE',
  o2: 'O2',
  meo: 'MEO',
  nos: 'NOS',
  sfr: 'SFR',
  xl: 'XL',
  vi: 'Vi',
  mts: 'MTS',
};

/** An operator's name as the customer knows it, from the sellers' lower-case code. */
export function operatorName(code: string): string {
  const brand = BRANDS[code];
  if (brand) return brand;
  const words = code.split('_').filter(Boolean);
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ') || code;
}
