/**
 * Every ISO 3166-1 alpha-2 country (and Kosovo's XK), with the names the store shows, its calling code and
 * the names the sellers' two protocols give it: the handler_api.php (sms-activate / HeroSMS) numeric id and
 * 5sim's country name, where each sells there.
 *
 * The names and calling codes are a static copy of i18n-iso-countries and libphonenumber-js rather than the
 * packages at run time: the Node entry of i18n-iso-countries registers all of its ~80 locales and the API
 * bundle would carry them, and a package upgrade would rename countries under the store's feet.
 * market.test.ts checks every row against both packages (dev dependencies), so any drift shows there.
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
  namePt: string,
  nameEn: string,
  dial: string | null,
  protocolId: number | null,
  fivesimName: string | null,
];

// Facts from i18n-iso-countries (names), libphonenumber-js (dial), sms-activate getCountries, 5sim countries.
const ROWS: readonly Row[] = [
  ['AD', 'Andorra', 'Andorra', '376', null, null],
  ['AE', 'Emirados Árabes Unidos', 'United Arab Emirates', '971', 95, null],
  ['AF', 'Afeganistão', 'Afghanistan', '93', 74, 'afghanistan'],
  ['AG', 'Antígua e Barbuda', 'Antigua and Barbuda', '1', 169, 'antiguaandbarbuda'],
  ['AI', 'Anguila', 'Anguilla', '1', 181, 'anguilla'],
  ['AL', 'Albânia', 'Albania', '355', 155, 'albania'],
  ['AM', 'Arménia', 'Armenia', '374', 148, 'armenia'],
  ['AO', 'Angola', 'Angola', '244', 76, 'angola'],
  ['AQ', 'Antártida', 'Antarctica', null, null, null],
  ['AR', 'Argentina', 'Argentina', '54', 39, 'argentina'],
  ['AS', 'Samoa Americana', 'American Samoa', '1', null, null],
  ['AT', 'Áustria', 'Austria', '43', 50, 'austria'],
  ['AU', 'Austrália', 'Australia', '61', 175, 'australia'],
  ['AW', 'Aruba', 'Aruba', '297', 179, 'aruba'],
  ['AX', 'Ilhas Åland', 'Åland Islands', '358', null, null],
  ['AZ', 'Azerbaijão', 'Azerbaijan', '994', 35, 'azerbaijan'],
  ['BA', 'Bósnia-Herzegovina', 'Bosnia and Herzegovina', '387', 108, 'bih'],
  ['BB', 'Barbados', 'Barbados', '1', 118, 'barbados'],
  ['BD', 'Bangladesh', 'Bangladesh', '880', 60, 'bangladesh'],
  ['BE', 'Bélgica', 'Belgium', '32', 82, 'belgium'],
  ['BF', 'Burkina Faso', 'Burkina Faso', '226', 152, 'burkinafaso'],
  ['BG', 'Bulgária', 'Bulgaria', '359', 83, 'bulgaria'],
  ['BH', 'Bahrein', 'Bahrain', '973', 145, 'bahrain'],
  ['BI', 'Burundi', 'Burundi', '257', 119, 'burundi'],
  ['BJ', 'Benim', 'Benin', '229', 120, 'benin'],
  ['BL', 'São Bartolomeu', 'Saint Barthélemy', '590', null, null],
  ['BM', 'Bermudas', 'Bermuda', '1', 195, null],
  ['BN', 'Brunei', 'Brunei Darussalam', '673', 121, null],
  ['BO', 'Bolívia', 'Bolivia', '591', 92, 'bolivia'],
  ['BQ', 'Países Baixos Caribenhos', 'Bonaire, Sint Eustatius and Saba', '599', null, null],
  ['BR', 'Brasil', 'Brazil', '55', 73, 'brazil'],
  ['BS', 'Bahamas', 'Bahamas', '1', 122, 'bahamas'],
  ['BT', 'Butão', 'Bhutan', '975', 158, 'bhutane'],
  ['BV', 'Ilha Bouvet', 'Bouvet Island', null, null, null],
  ['BW', 'Botsuana', 'Botswana', '267', 123, 'botswana'],
  ['BY', 'Bielorrússia', 'Belarus', '375', 51, 'belarus'],
  ['BZ', 'Belize', 'Belize', '501', 124, 'belize'],
  ['CA', 'Canadá', 'Canada', '1', 36, 'canada'],
  ['CC', 'Ilhas Cocos (Keeling)', 'Cocos (Keeling) Islands', '61', null, null],
  // i18n-iso-countries 7.14 swaps the Portuguese names of the two Congos: corrected here and in the test.
  ['CD', 'República Democrática do Congo', 'Democratic Republic of the Congo', '243', 18, null],
  ['CF', 'República Centro-Africana', 'Central African Republic', '236', 125, null],
  ['CG', 'República do Congo', 'Republic of the Congo', '242', 150, 'congo'],
  ['CH', 'Suíça', 'Switzerland', '41', 173, 'switzerland'],
  ['CI', 'Costa do Marfim', "Cote d'Ivoire", '225', 27, 'ivorycoast'],
  ['CK', 'Ilhas Cook', 'Cook Islands', '682', null, null],
  ['CL', 'Chile', 'Chile', '56', 151, 'chile'],
  ['CM', 'Camarões', 'Cameroon', '237', 41, 'cameroon'],
  ['CN', 'China', "People's Republic of China", '86', 3, 'china'],
  ['CO', 'Colômbia', 'Colombia', '57', 33, 'colombia'],
  ['CR', 'Costa Rica', 'Costa Rica', '506', 93, 'costarica'],
  ['CU', 'Cuba', 'Cuba', '53', 113, null],
  ['CV', 'Cabo Verde', 'Cape Verde', '238', 186, 'capeverde'],
  ['CW', 'Curaçao', 'Curaçao', '599', null, null],
  ['CX', 'Ilha de Natal', 'Christmas Island', '61', null, null],
  ['CY', 'Chipre', 'Cyprus', '357', 77, 'cyprus'],
  ['CZ', 'Chéquia', 'Czech Republic', '420', 63, 'czech'],
  ['DE', 'Alemanha', 'Germany', '49', 43, 'germany'],
  ['DJ', 'Djibouti', 'Djibouti', '253', 168, 'djibouti'],
  ['DK', 'Dinamarca', 'Denmark', '45', 172, 'denmark'],
  ['DM', 'Dominica', 'Dominica', '1', 126, 'dominica'],
  ['DO', 'República Dominicana', 'Dominican Republic', '1', 109, 'dominicana'],
  ['DZ', 'Argélia', 'Algeria', '213', 58, 'algeria'],
  ['EC', 'Equador', 'Ecuador', '593', 105, 'ecuador'],
  ['EE', 'Estónia', 'Estonia', '372', 34, 'estonia'],
  ['EG', 'Egito', 'Egypt', '20', 21, 'egypt'],
  ['EH', 'Saara Ocidental', 'Western Sahara', '212', 192, null],
  ['ER', 'Eritreia', 'Eritrea', '291', 176, 'eritrea'],
  ['ES', 'Espanha', 'Spain', '34', 56, 'spain'],
  ['ET', 'Etiópia', 'Ethiopia', '251', 71, 'ethiopia'],
  ['FI', 'Finlândia', 'Finland', '358', 163, 'finland'],
  ['FJ', 'Fiji', 'Fiji', '679', 189, null],
  ['FK', 'Ilhas Malvinas', 'Falkland Islands (Malvinas)', '500', null, null],
  ['FM', 'Micronésia', 'Micronesia, Federated States of', '691', null, null],
  ['FO', 'Ilhas Faroé', 'Faroe Islands', '298', null, null],
  ['FR', 'França', 'France', '33', 78, 'france'],
  ['GA', 'Gabão', 'Gabon', '241', 154, 'gabon'],
  ['GB', 'Reino Unido', 'United Kingdom', '44', 16, 'england'],
  ['GD', 'Granada', 'Grenada', '1', 127, 'grenada'],
  ['GE', 'Geórgia', 'Georgia', '995', 128, 'georgia'],
  ['GF', 'Guiana Francesa', 'French Guiana', '594', 162, 'frenchguiana'],
  ['GG', 'Guernsey', 'Guernsey', '44', null, null],
  ['GH', 'Gana', 'Ghana', '233', 38, 'ghana'],
  ['GI', 'Gibraltar', 'Gibraltar', '350', null, null],
  ['GL', 'Gronelândia', 'Greenland', '299', null, null],
  ['GM', 'Gâmbia', 'Republic of The Gambia', '220', 28, 'gambia'],
  ['GN', 'Guiné', 'Guinea', '224', 68, 'guinea'],
  ['GP', 'Guadalupe', 'Guadeloupe', '590', 160, 'guadeloupe'],
  ['GQ', 'Guiné Equatorial', 'Equatorial Guinea', '240', 167, 'equatorialguinea'],
  ['GR', 'Grécia', 'Greece', '30', 129, 'greece'],
  [
    'GS',
    'Geórgia do Sul e Ilhas Sandwich do Sul',
    'South Georgia and the South Sandwich Islands',
    null,
    null,
    null,
  ],
  ['GT', 'Guatemala', 'Guatemala', '502', 94, 'guatemala'],
  ['GU', 'Guam', 'Guam', '1', null, null],
  ['GW', 'Guiné-Bissau', 'Guinea-Bissau', '245', 130, 'guineabissau'],
  ['GY', 'Guiana', 'Guyana', '592', 131, 'guyana'],
  ['HK', 'Hong Kong', 'Hong Kong', '852', 14, 'hongkong'],
  ['HM', 'Ilha Heard e Ilhas McDonald', 'Heard Island and McDonald Islands', null, null, null],
  ['HN', 'Honduras', 'Honduras', '504', 88, 'honduras'],
  ['HR', 'Croácia', 'Croatia', '385', 45, 'croatia'],
  ['HT', 'Haiti', 'Haiti', '509', 26, 'haiti'],
  ['HU', 'Hungria', 'Hungary', '36', 84, 'hungary'],
  ['ID', 'Indonésia', 'Indonesia', '62', 6, 'indonesia'],
  ['IE', 'Irlanda', 'Ireland', '353', 23, 'ireland'],
  ['IL', 'Israel', 'Israel', '972', 13, 'israel'],
  ['IM', 'Ilha de Man', 'Isle of Man', '44', null, null],
  ['IN', 'Índia', 'India', '91', 22, 'india'],
  ['IO', 'Território Britânico do Oceano Índico', 'British Indian Ocean Territory', '246', null, null],
  ['IQ', 'Iraque', 'Iraq', '964', 47, 'iraq'],
  ['IR', 'Irão', 'Islamic Republic of Iran', '98', 57, 'iran'],
  ['IS', 'Islândia', 'Iceland', '354', 132, null],
  ['IT', 'Itália', 'Italy', '39', 86, 'italy'],
  ['JE', 'Jersey', 'Jersey', '44', 194, null],
  ['JM', 'Jamaica', 'Jamaica', '1', 103, 'jamaica'],
  ['JO', 'Jordânia', 'Jordan', '962', 116, 'jordan'],
  ['JP', 'Japão', 'Japan', '81', 182, 'japan'],
  ['KE', 'Quénia', 'Kenya', '254', 8, 'kenya'],
  ['KG', 'Quirguistão', 'Kyrgyzstan', '996', 11, 'kyrgyzstan'],
  ['KH', 'Camboja', 'Cambodia', '855', 24, 'cambodia'],
  ['KI', 'Quiribati', 'Kiribati', '686', null, null],
  ['KM', 'Comores', 'Comoros', '269', 133, 'comoros'],
  ['KN', 'São Cristóvão e Neves', 'Saint Kitts and Nevis', '1', 134, 'saintkittsandnevis'],
  ['KP', 'Coreia do Norte', 'North Korea', '850', 191, null],
  ['KR', 'Coreia do Sul', 'South Korea', '82', 190, null],
  ['KW', 'Koweit', 'Kuwait', '965', 100, 'kuwait'],
  ['KY', 'Ilhas Caimão', 'Cayman Islands', '1', 170, 'caymanislands'],
  ['KZ', 'Cazaquistão', 'Kazakhstan', '7', 2, 'kazakhstan'],
  ['LA', 'Laos', "Lao People's Democratic Republic", '856', 25, 'laos'],
  ['LB', 'Líbano', 'Lebanon', '961', 153, null],
  ['LC', 'Santa Lúcia', 'Saint Lucia', '1', 164, 'saintlucia'],
  ['LI', 'Liechtenstein', 'Liechtenstein', '423', null, null],
  ['LK', 'Sri Lanka', 'Sri Lanka', '94', 64, 'srilanka'],
  ['LR', 'Libéria', 'Liberia', '231', 135, 'liberia'],
  ['LS', 'Lesoto', 'Lesotho', '266', 136, 'lesotho'],
  ['LT', 'Lituânia', 'Lithuania', '370', 44, 'lithuania'],
  ['LU', 'Luxemburgo', 'Luxembourg', '352', 165, 'luxembourg'],
  ['LV', 'Letónia', 'Latvia', '371', 49, 'latvia'],
  ['LY', 'Líbia', 'Libya', '218', 102, null],
  ['MA', 'Marrocos', 'Morocco', '212', 37, 'morocco'],
  ['MC', 'Mónaco', 'Monaco', '377', 144, null],
  ['MD', 'Moldávia', 'Moldova, Republic of', '373', 85, 'moldova'],
  ['ME', 'Montenegro', 'Montenegro', '382', 171, 'montenegro'],
  ['MF', 'São Martinho', 'Saint Martin (French part)', '590', null, null],
  ['MG', 'Madagáscar', 'Madagascar', '261', 17, 'madagascar'],
  ['MH', 'Ilhas Marshall', 'Marshall Islands', '692', null, null],
  ['MK', 'Macedónia do Norte', 'The Republic of North Macedonia', '389', 183, 'northmacedonia'],
  ['ML', 'Mali', 'Mali', '223', 69, null],
  ['MM', 'Mianmar (Birmânia)', 'Myanmar', '95', 5, 'myanmar'],
  ['MN', 'Mongólia', 'Mongolia', '976', 72, 'mongolia'],
  ['MO', 'Macau', 'Macao', '853', 20, 'macau'],
  ['MP', 'Ilhas Marianas do Norte', 'Northern Mariana Islands', '1', null, null],
  ['MQ', 'Martinica', 'Martinique', '596', null, null],
  ['MR', 'Mauritânia', 'Mauritania', '222', 114, 'mauritania'],
  ['MS', 'Monserrate', 'Montserrat', '1', 180, 'montserrat'],
  ['MT', 'Malta', 'Malta', '356', 199, null],
  ['MU', 'Maurícia', 'Mauritius', '230', 157, 'mauritius'],
  ['MV', 'Maldivas', 'Maldives', '960', 159, 'maldives'],
  ['MW', 'Maláui', 'Malawi', '265', 137, 'malawi'],
  ['MX', 'México', 'Mexico', '52', 54, 'mexico'],
  ['MY', 'Malásia', 'Malaysia', '60', 7, 'malaysia'],
  ['MZ', 'Moçambique', 'Mozambique', '258', 80, 'mozambique'],
  ['NA', 'Namíbia', 'Namibia', '264', 138, 'namibia'],
  ['NC', 'Nova Caledónia', 'New Caledonia', '687', 185, 'newcaledonia'],
  ['NE', 'Níger', 'Niger', '227', 139, 'niger'],
  ['NF', 'Ilha Norfolk', 'Norfolk Island', '672', null, null],
  ['NG', 'Nigéria', 'Nigeria', '234', 19, 'nigeria'],
  ['NI', 'Nicarágua', 'Nicaragua', '505', 90, 'nicaragua'],
  ['NL', 'Países Baixos', 'Netherlands', '31', 48, 'netherlands'],
  ['NO', 'Noruega', 'Norway', '47', 174, 'norway'],
  ['NP', 'Nepal', 'Nepal', '977', 81, 'nepal'],
  ['NR', 'Nauru', 'Nauru', '674', null, null],
  ['NU', 'Niue', 'Niue', '683', null, null],
  ['NZ', 'Nova Zelândia', 'New Zealand', '64', 67, 'newzealand'],
  ['OM', 'Omã', 'Oman', '968', 107, 'oman'],
  ['PA', 'Panamá', 'Panama', '507', 112, 'panama'],
  ['PE', 'Peru', 'Peru', '51', 65, 'peru'],
  ['PF', 'Polinésia Francesa', 'French Polynesia', '689', null, null],
  ['PG', 'Papua-Nova Guiné', 'Papua New Guinea', '675', 79, 'papuanewguinea'],
  ['PH', 'Filipinas', 'Philippines', '63', 4, 'philippines'],
  ['PK', 'Paquistão', 'Pakistan', '92', 66, 'pakistan'],
  ['PL', 'Polónia', 'Poland', '48', 15, 'poland'],
  ['PM', 'Saint Pierre e Miquelon', 'Saint Pierre and Miquelon', '508', null, null],
  ['PN', 'Ilhas Pitcairn', 'Pitcairn', null, null, null],
  ['PR', 'Porto Rico', 'Puerto Rico', '1', 97, 'puertorico'],
  ['PS', 'Territórios palestinos', 'State of Palestine', '970', 188, null],
  ['PT', 'Portugal', 'Portugal', '351', 117, 'portugal'],
  ['PW', 'Palau', 'Palau', '680', null, null],
  ['PY', 'Paraguai', 'Paraguay', '595', 87, 'paraguay'],
  ['QA', 'Qatar', 'Qatar', '974', 111, null],
  ['RE', 'Reunião', 'Reunion', '262', 146, 'reunion'],
  ['RO', 'Roménia', 'Romania', '40', 32, 'romania'],
  ['RS', 'Sérvia', 'Serbia', '381', 29, 'serbia'],
  ['RU', 'Rússia', 'Russian Federation', '7', 0, 'russia'],
  ['RW', 'Ruanda', 'Rwanda', '250', 140, 'rwanda'],
  ['SA', 'Arábia Saudita', 'Saudi Arabia', '966', 53, 'saudiarabia'],
  ['SB', 'Ilhas Salomão', 'Solomon Islands', '677', 193, 'solomonislands'],
  ['SC', 'Seychelles', 'Seychelles', '248', 184, 'seychelles'],
  ['SD', 'Sudão', 'Sudan', '249', 98, null],
  ['SE', 'Suécia', 'Sweden', '46', 46, 'sweden'],
  ['SG', 'Singapura', 'Singapore', '65', 196, 'singapore'],
  ['SH', 'Santa Helena', 'Saint Helena', '290', null, null],
  ['SI', 'Eslovénia', 'Slovenia', '386', 59, 'slovenia'],
  ['SJ', 'Svalbard e Jan Mayen', 'Svalbard and Jan Mayen', '47', null, null],
  ['SK', 'Eslováquia', 'Slovakia', '421', 141, 'slovakia'],
  ['SL', 'Serra Leoa', 'Sierra Leone', '232', 115, 'sierraleone'],
  ['SM', 'San Marino', 'San Marino', '378', null, null],
  ['SN', 'Senegal', 'Senegal', '221', 61, 'senegal'],
  ['SO', 'Somália', 'Somalia', '252', 149, null],
  ['SR', 'Suriname', 'Suriname', '597', 142, 'suriname'],
  ['SS', 'Sudão do Sul', 'South Sudan', '211', 177, null],
  ['ST', 'São Tomé e Príncipe', 'Sao Tome and Principe', '239', 178, 'saotomeandprincipe'],
  ['SV', 'El Salvador', 'El Salvador', '503', 101, 'salvador'],
  ['SX', 'São Martinho', 'Sint Maarten (Dutch part)', '1', null, null],
  ['SY', 'Síria', 'Syrian Arab Republic', '963', 110, null],
  ['SZ', 'Essuatíni', 'Eswatini', '268', 106, 'swaziland'],
  ['TC', 'Ilhas Turcas e Caicos', 'Turks and Caicos Islands', '1', null, 'turksandcaicos'],
  ['TD', 'Chade', 'Chad', '235', 42, 'chad'],
  ['TF', 'Terras Austrais e Antárticas Francesas', 'French Southern Territories', null, null, null],
  ['TG', 'Togo', 'Togo', '228', 99, 'togo'],
  ['TH', 'Tailândia', 'Thailand', '66', 52, 'thailand'],
  ['TJ', 'Tajiquistão', 'Tajikistan', '992', 143, 'tajikistan'],
  ['TK', 'Tokelau', 'Tokelau', '690', null, null],
  ['TL', 'Timor-Leste', 'Timor-Leste', '670', 91, 'easttimor'],
  ['TM', 'Turquemenistão', 'Turkmenistan', '993', 161, 'turkmenistan'],
  ['TN', 'Tunísia', 'Tunisia', '216', 89, 'tunisia'],
  ['TO', 'Tonga', 'Tonga', '676', 197, 'tonga'],
  ['TR', 'Turquia', 'Türkiye', '90', 62, 'turkey'],
  ['TT', 'Trindade e Tobago', 'Trinidad and Tobago', '1', 104, 'tit'],
  ['TV', 'Tuvalu', 'Tuvalu', '688', null, null],
  ['TW', 'Taiwan', 'Taiwan, Province of China', '886', 55, 'taiwan'],
  ['TZ', 'Tanzânia', 'United Republic of Tanzania', '255', 9, 'tanzania'],
  ['UA', 'Ucrânia', 'Ukraine', '380', 1, 'ukraine'],
  ['UG', 'Uganda', 'Uganda', '256', 75, 'uganda'],
  ['UM', 'Ilhas Distantes dos EUA', 'United States Minor Outlying Islands', null, null, null],
  ['US', 'Estados Unidos', 'United States of America', '1', 187, 'usa'],
  ['UY', 'Uruguai', 'Uruguay', '598', 156, 'uruguay'],
  ['UZ', 'Uzbequistão', 'Uzbekistan', '998', 40, 'uzbekistan'],
  ['VA', 'Santa Sé', 'Holy See (Vatican City State)', '39', null, null],
  [
    'VC',
    'São Vicente e Granadinas',
    'Saint Vincent and the Grenadines',
    '1',
    166,
    'saintvincentandgrenadines',
  ],
  ['VE', 'Venezuela', 'Venezuela', '58', 70, 'venezuela'],
  ['VG', 'Ilhas Virgens Britânicas', 'Virgin Islands, British', '1', null, 'virginislands'],
  ['VI', 'Ilhas Virgens Americanas', 'Virgin Islands, U.S.', '1', null, null],
  ['VN', 'Vietname', 'Vietnam', '84', 10, 'vietnam'],
  ['VU', 'Vanuatu', 'Vanuatu', '678', null, null],
  ['WF', 'Wallis e Futuna', 'Wallis and Futuna', '681', null, null],
  ['WS', 'Samoa', 'Samoa', '685', 198, 'samoa'],
  ['XK', 'Kosovo', 'Kosovo', '383', null, null],
  ['YE', 'Iémen', 'Yemen', '967', 30, null],
  ['YT', 'Mayotte', 'Mayotte', '262', null, null],
  ['ZA', 'África do Sul', 'South Africa', '27', 31, 'southafrica'],
  ['ZM', 'Zâmbia', 'Zambia', '260', 147, 'zambia'],
  ['ZW', 'Zimbábue', 'Zimbabwe', '263', 96, 'zimbabwe'],
];

export const MARKET_COUNTRIES: readonly MarketCountry[] = ROWS.map(
  ([code, namePt, nameEn, dial, protocolId, fivesimName]) => ({
    code,
    namePt,
    nameEn,
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
