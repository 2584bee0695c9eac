/**
 * The mobile operators the simulator sells numbers of, per demo country: the real networks' names as
 * sellers spell them (lower-case, no spaces), so operator choice can be tried end to end offline. A
 * country left out has numbers of "any" operator only, as many do at real sellers.
 */
const OPERATORS: Readonly<Record<string, readonly string[]>> = {
  BR: ['vivo', 'claro', 'tim', 'oi'],
  US: ['att', 'tmobile', 'verizon'],
  PT: ['meo', 'nos', 'vodafone'],
  AR: ['claro', 'movistar', 'personal'],
  MX: ['telcel', 'movistar', 'att'],
  CO: ['claro', 'movistar', 'tigo'],
  GB: ['ee', 'o2', 'three', 'vodafone'],
  DE: ['telekom', 'vodafone', 'o2'],
  FR: ['orange', 'sfr', 'bouygues', 'free'],
  ES: ['movistar', 'vodafone', 'orange', 'yoigo'],
  IN: ['airtel', 'jio', 'vi'],
  ID: ['telkomsel', 'indosat', 'xl'],
  PH: ['globe', 'smart', 'dito'],
  RU: ['mts', 'megafon', 'beeline', 'tele2'],
};

/** The operators of an ISO country (upper-case), none where the simulator does not tell them apart. */
export function operatorsOf(country: string): readonly string[] {
  return OPERATORS[country] ?? [];
}
