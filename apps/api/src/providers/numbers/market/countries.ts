/**
 * Every ISO 3166-1 alpha-2 country (and Kosovo's XK), with the names the store shows, its calling code and
 * the names the sellers' two protocols give it: the handler_api.php (sms-activate / HeroSMS) numeric id and
 * 5sim's country name, where each sells there.
 *
 * The names are CLDR's, from the runtime's Intl. The calling codes are a static copy of libphonenumber-js
 * (a package upgrade must not change them under the store's feet); market.test.ts checks every row against
 * it and the list of codes against i18n-iso-countries (both dev dependencies), so any drift shows there.
 */

export interface MarketCountry {
  /** ISO 3166-1 alpha-2, upper case. */
  code: string;
  namePt: string;
  nameEn: string;
  /** International calling code without "+"; absent for the few places libphonenumber gives none. */
  dial?: string;
  /** The handler_api.php country id (getCountries), where the protocol has one. */
  protocolId?: number;
  /** 5sim's country name (`england` for GB), where 5sim sells numbers of the country. */
  fivesimName?: string;
}

type Row = readonly [
  code: string,
  dial: string | null,
  protocolId: number | null,
  fivesimName: string | null,
];

// Facts from libphonenumber-js (dial), sms-activate's getCountries (ids) and 5sim's countries (names).
const ROWS: readonly Row[] = [
  ['AD', '376', null, null],
  ['AE', '971', 95, null],
  ['AF', '93', 74, 'afghanistan'],
  ['AG', '1', 169, 'antiguaandbarbuda'],
  ['AI', '1', 181, 'anguilla'],
  ['AL', '355', 155, 'albania'],
  ['AM', '374', 148, 'armenia'],
  ['AO', '244', 76, 'angola'],
  ['AQ', null, null, null],
  ['AR', '54', 39, 'argentina'],
  ['AS', '1', null, null],
  ['AT', '43', 50, 'austria'],
  ['AU', '61', 175, 'australia'],
  ['AW', '297', 179, 'aruba'],
  ['AX', '358', null, null],
  ['AZ', '994', 35, 'azerbaijan'],
  ['BA', '387', 108, 'bih'],
  ['BB', '1', 118, 'barbados'],
  ['BD', '880', 60, 'bangladesh'],
  ['BE', '32', 82, 'belgium'],
  ['BF', '226', 152, 'burkinafaso'],
  ['BG', '359', 83, 'bulgaria'],
  ['BH', '973', 145, 'bahrain'],
  ['BI', '257', 119, 'burundi'],
  ['BJ', '229', 120, 'benin'],
  ['BL', '590', null, null],
  ['BM', '1', 195, null],
  ['BN', '673', 121, null],
  ['BO', '591', 92, 'bolivia'],
  ['BQ', '599', null, null],
  ['BR', '55', 73, 'brazil'],
  ['BS', '1', 122, 'bahamas'],
  ['BT', '975', 158, 'bhutane'],
  ['BV', null, null, null],
  ['BW', '267', 123, 'botswana'],
  ['BY', '375', 51, 'belarus'],
  ['BZ', '501', 124, 'belize'],
  ['CA', '1', 36, 'canada'],
  ['CC', '61', null, null],
  ['CD', '243', 18, null],
  ['CF', '236', 125, null],
  ['CG', '242', 150, 'congo'],
  ['CH', '41', 173, 'switzerland'],
  ['CI', '225', 27, 'ivorycoast'],
  ['CK', '682', null, null],
  ['CL', '56', 151, 'chile'],
  ['CM', '237', 41, 'cameroon'],
  ['CN', '86', 3, 'china'],
  ['CO', '57', 33, 'colombia'],
  ['CR', '506', 93, 'costarica'],
  ['CU', '53', 113, null],
  ['CV', '238', 186, 'capeverde'],
  ['CW', '599', null, null],
  ['CX', '61', null, null],
  ['CY', '357', 77, 'cyprus'],
  ['CZ', '420', 63, 'czech'],
  ['DE', '49', 43, 'germany'],
  ['DJ', '253', 168, 'djibouti'],
  ['DK', '45', 172, 'denmark'],
  ['DM', '1', 126, 'dominica'],
  ['DO', '1', 109, 'dominicana'],
  ['DZ', '213', 58, 'algeria'],
  ['EC', '593', 105, 'ecuador'],
  ['EE', '372', 34, 'estonia'],
  ['EG', '20', 21, 'egypt'],
  ['EH', '212', 192, null],
  ['ER', '291', 176, 'eritrea'],
  ['ES', '34', 56, 'spain'],
  ['ET', '251', 71, 'ethiopia'],
  ['FI', '358', 163, 'finland'],
  ['FJ', '679', 189, null],
  ['FK', '500', null, null],
  ['FM', '691', null, null],
  ['FO', '298', null, null],
  ['FR', '33', 78, 'france'],
  ['GA', '241', 154, 'gabon'],
  ['GB', '44', 16, 'england'],
  ['GD', '1', 127, 'grenada'],
  ['GE', '995', 128, 'georgia'],
  ['GF', '594', 162, 'frenchguiana'],
  ['GG', '44', null, null],
  ['GH', '233', 38, 'ghana'],
  ['GI', '350', null, null],
  ['GL', '299', null, null],
  ['GM', '220', 28, 'gambia'],
  ['GN', '224', 68, 'guinea'],
  ['GP', '590', 160, 'guadeloupe'],
  ['GQ', '240', 167, 'equatorialguinea'],
  ['GR', '30', 129, 'greece'],
  ['GS', null, null, null],
  ['GT', '502', 94, 'guatemala'],
  ['GU', '1', null, null],
  ['GW', '245', 130, 'guineabissau'],
  ['GY', '592', 131, 'guyana'],
  ['HK', '852', 14, 'hongkong'],
  ['HM', null, null, null],
  ['HN', '504', 88, 'honduras'],
  ['HR', '385', 45, 'croatia'],
  ['HT', '509', 26, 'haiti'],
  ['HU', '36', 84, 'hungary'],
  ['ID', '62', 6, 'indonesia'],
  ['IE', '353', 23, 'ireland'],
  ['IL', '972', 13, 'israel'],
  ['IM', '44', null, null],
  ['IN', '91', 22, 'india'],
  ['IO', '246', null, null],
  ['IQ', '964', 47, 'iraq'],
  ['IR', '98', 57, 'iran'],
  ['IS', '354', 132, null],
  ['IT', '39', 86, 'italy'],
  ['JE', '44', 194, null],
  ['JM', '1', 103, 'jamaica'],
  ['JO', '962', 116, 'jordan'],
  ['JP', '81', 182, 'japan'],
  ['KE', '254', 8, 'kenya'],
  ['KG', '996', 11, 'kyrgyzstan'],
  ['KH', '855', 24, 'cambodia'],
  ['KI', '686', null, null],
  ['KM', '269', 133, 'comoros'],
  ['KN', '1', 134, 'saintkittsandnevis'],
  ['KP', '850', 191, null],
  ['KR', '82', 190, null],
  ['KW', '965', 100, 'kuwait'],
  ['KY', '1', 170, 'caymanislands'],
  ['KZ', '7', 2, 'kazakhstan'],
  ['LA', '856', 25, 'laos'],
  ['LB', '961', 153, null],
  ['LC', '1', 164, 'saintlucia'],
  ['LI', '423', null, null],
  ['LK', '94', 64, 'srilanka'],
  ['LR', '231', 135, 'liberia'],
  ['LS', '266', 136, 'lesotho'],
  ['LT', '370', 44, 'lithuania'],
  ['LU', '352', 165, 'luxembourg'],
  ['LV', '371', 49, 'latvia'],
  ['LY', '218', 102, null],
  ['MA', '212', 37, 'morocco'],
  ['MC', '377', 144, null],
  ['MD', '373', 85, 'moldova'],
  ['ME', '382', 171, 'montenegro'],
  ['MF', '590', null, null],
  ['MG', '261', 17, 'madagascar'],
  ['MH', '692', null, null],
  ['MK', '389', 183, 'northmacedonia'],
  ['ML', '223', 69, null],
  ['MM', '95', 5, 'myanmar'],
  ['MN', '976', 72, 'mongolia'],
  ['MO', '853', 20, 'macau'],
  ['MP', '1', null, null],
  ['MQ', '596', null, null],
  ['MR', '222', 114, 'mauritania'],
  ['MS', '1', 180, 'montserrat'],
  ['MT', '356', 199, null],
  ['MU', '230', 157, 'mauritius'],
  ['MV', '960', 159, 'maldives'],
  ['MW', '265', 137, 'malawi'],
  ['MX', '52', 54, 'mexico'],
  ['MY', '60', 7, 'malaysia'],
  ['MZ', '258', 80, 'mozambique'],
  ['NA', '264', 138, 'namibia'],
  ['NC', '687', 185, 'newcaledonia'],
  ['NE', '227', 139, 'niger'],
  ['NF', '672', null, null],
  ['NG', '234', 19, 'nigeria'],
  ['NI', '505', 90, 'nicaragua'],
  ['NL', '31', 48, 'netherlands'],
  ['NO', '47', 174, 'norway'],
  ['NP', '977', 81, 'nepal'],
  ['NR', '674', null, null],
  ['NU', '683', null, null],
  ['NZ', '64', 67, 'newzealand'],
  ['OM', '968', 107, 'oman'],
  ['PA', '507', 112, 'panama'],
  ['PE', '51', 65, 'peru'],
  ['PF', '689', null, null],
  ['PG', '675', 79, 'papuanewguinea'],
  ['PH', '63', 4, 'philippines'],
  ['PK', '92', 66, 'pakistan'],
  ['PL', '48', 15, 'poland'],
  ['PM', '508', null, null],
  ['PN', null, null, null],
  ['PR', '1', 97, 'puertorico'],
  ['PS', '970', 188, null],
  ['PT', '351', 117, 'portugal'],
  ['PW', '680', null, null],
  ['PY', '595', 87, 'paraguay'],
  ['QA', '974', 111, null],
  ['RE', '262', 146, 'reunion'],
  ['RO', '40', 32, 'romania'],
  ['RS', '381', 29, 'serbia'],
  ['RU', '7', 0, 'russia'],
  ['RW', '250', 140, 'rwanda'],
  ['SA', '966', 53, 'saudiarabia'],
  ['SB', '677', 193, 'solomonislands'],
  ['SC', '248', 184, 'seychelles'],
  ['SD', '249', 98, null],
  ['SE', '46', 46, 'sweden'],
  ['SG', '65', 196, 'singapore'],
  ['SH', '290', null, null],
  ['SI', '386', 59, 'slovenia'],
  ['SJ', '47', null, null],
  ['SK', '421', 141, 'slovakia'],
  ['SL', '232', 115, 'sierraleone'],
  ['SM', '378', null, null],
  ['SN', '221', 61, 'senegal'],
  ['SO', '252', 149, null],
  ['SR', '597', 142, 'suriname'],
  ['SS', '211', 177, null],
  ['ST', '239', 178, 'saotomeandprincipe'],
  ['SV', '503', 101, 'salvador'],
  ['SX', '1', null, null],
  ['SY', '963', 110, null],
  ['SZ', '268', 106, 'swaziland'],
  ['TC', '1', null, 'turksandcaicos'],
  ['TD', '235', 42, 'chad'],
  ['TF', null, null, null],
  ['TG', '228', 99, 'togo'],
  ['TH', '66', 52, 'thailand'],
  ['TJ', '992', 143, 'tajikistan'],
  ['TK', '690', null, null],
  ['TL', '670', 91, 'easttimor'],
  ['TM', '993', 161, 'turkmenistan'],
  ['TN', '216', 89, 'tunisia'],
  ['TO', '676', 197, 'tonga'],
  ['TR', '90', 62, 'turkey'],
  ['TT', '1', 104, 'tit'],
  ['TV', '688', null, null],
  ['TW', '886', 55, 'taiwan'],
  ['TZ', '255', 9, 'tanzania'],
  ['UA', '380', 1, 'ukraine'],
  ['UG', '256', 75, 'uganda'],
  ['UM', null, null, null],
  ['US', '1', 187, 'usa'],
  ['UY', '598', 156, 'uruguay'],
  ['UZ', '998', 40, 'uzbekistan'],
  ['VA', '39', null, null],
  ['VC', '1', 166, 'saintvincentandgrenadines'],
  ['VE', '58', 70, 'venezuela'],
  ['VG', '1', null, 'virginislands'],
  ['VI', '1', null, null],
  ['VN', '84', 10, 'vietnam'],
  ['VU', '678', null, null],
  ['WF', '681', null, null],
  ['WS', '685', 198, 'samoa'],
  ['XK', '383', null, null],
  ['YE', '967', 30, null],
  ['YT', '262', null, null],
  ['ZA', '27', 31, 'southafrica'],
  ['ZM', '260', 147, 'zambia'],
  ['ZW', '263', 96, 'zimbabwe'],
];

// CLDR's names, as the runtime's Intl has them: Brazilian Portuguese ("Armênia", "Irã") and plain English.
const PT = new Intl.DisplayNames(['pt-BR'], { type: 'region' });
const EN = new Intl.DisplayNames(['en'], { type: 'region' });

export const MARKET_COUNTRIES: readonly MarketCountry[] = ROWS.map(
  ([code, dial, protocolId, fivesimName]) => ({
    code,
    namePt: PT.of(code) ?? code,
    nameEn: EN.of(code) ?? code,
    ...(dial === null ? {} : { dial }),
    ...(protocolId === null ? {} : { protocolId }),
    ...(fivesimName === null ? {} : { fivesimName }),
  }),
);

const BY_ISO = new Map(MARKET_COUNTRIES.map((c) => [c.code, c]));
const BY_PROTOCOL_ID = new Map<number, MarketCountry>();
const BY_FIVESIM_NAME = new Map<string, MarketCountry>();
for (const c of MARKET_COUNTRIES) {
  if (c.protocolId !== undefined) BY_PROTOCOL_ID.set(c.protocolId, c);
  if (c.fivesimName !== undefined) BY_FIVESIM_NAME.set(c.fivesimName, c);
}

/** The country of an ISO alpha-2 code, in either case. */
export function byIso(code: string): MarketCountry | undefined {
  return BY_ISO.get(code.toUpperCase());
}

/** The handler_api.php id of an ISO country, or undefined where the protocol has none. */
export function protocolIdOf(iso: string): number | undefined {
  return byIso(iso)?.protocolId;
}

/** The ISO country behind a handler_api.php id, or undefined for an id that names none (12, USA virtual). */
export function isoOfProtocolId(id: number): string | undefined {
  return BY_PROTOCOL_ID.get(id)?.code;
}

/** 5sim's name for an ISO country, or undefined where 5sim sells none. */
export function fivesimNameOf(iso: string): string | undefined {
  return byIso(iso)?.fivesimName;
}

/** The ISO country behind one of 5sim's names, in either case. */
export function isoOfFivesimName(name: string): string | undefined {
  return BY_FIVESIM_NAME.get(name.toLowerCase())?.code;
}
