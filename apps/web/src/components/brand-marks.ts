/*
 * The brand marks of well-known services, from simple-icons: named imports, so only these are bundled.
 * They all land in one chunk (simple-icons is a single module, split no further), about 14 KiB gzipped:
 * brand-icons.tsx loads it on its own when the first service icon is shown, so it weighs on no page's
 * first load.
 */
import {
  type SimpleIcon,
  siAirbnb,
  siApple,
  siDiscord,
  siEbay,
  siFacebook,
  siGoogle,
  siIfood,
  siInstagram,
  siKakaotalk,
  siLine,
  siNetflix,
  siNubank,
  siPaypal,
  siShopee,
  siSignal,
  siSnapchat,
  siSpotify,
  siSteam,
  siTelegram,
  siTiktok,
  siTinder,
  siUber,
  siViber,
  siVk,
  siWechat,
  siWhatsapp,
  siX,
} from 'simple-icons';

export type { SimpleIcon };

/**
 * By the store's service code: the handler_api.php codes the sellers share (SMS-Activate's table, as
 * apps/api's 5sim map has them) and the demo catalogue's own (if iFood, nu Nubank). Only codes every
 * source agrees on: wb is WeChat to the sellers but WhatsApp Business in the demo catalogue, so it goes by
 * its name; Microsoft (mm), Amazon (am), LinkedIn (tn), Yahoo (mb), OLX (sn), Mercado Livre (ml) and
 * OpenAI have no mark in simple-icons and are lettered.
 */
export const MARKS_BY_CODE: Readonly<Record<string, SimpleIcon>> = {
  dh: siEbay,
  ds: siDiscord,
  fb: siFacebook,
  fu: siSnapchat,
  go: siGoogle,
  if: siIfood,
  ig: siInstagram,
  ka: siShopee,
  kt: siKakaotalk,
  lf: siTiktok,
  me: siLine,
  mt: siSteam,
  nf: siNetflix,
  nu: siNubank,
  oi: siTinder,
  tg: siTelegram,
  ts: siPaypal,
  tw: siX,
  ub: siUber,
  uk: siAirbnb,
  vi: siViber,
  vk: siVk,
  wa: siWhatsapp,
  wx: siApple,
};

/** A service's name as matched: "Line Messenger" and "line-messenger" alike, accents and case ignored. */
export const nameKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** Other names the same brands go by, and the brands whose code no table settles. */
const ALIASES: Readonly<Record<string, SimpleIcon>> = {
  linemessenger: siLine,
  signal: siSignal,
  spotify: siSpotify,
  twitter: siX,
  vkontakte: siVk,
  wechat: siWechat,
  whatsappbusiness: siWhatsapp,
};

/**
 * By name, for a service whose code is not above: each brand's own title ("Netflix", "LINE") and the
 * aliases, matched whole only, since a name that merely contains a brand's may be another company's.
 */
export const MARKS_BY_NAME: ReadonlyMap<string, SimpleIcon> = new Map([
  ...Object.values(MARKS_BY_CODE).map((mark) => [nameKey(mark.title), mark] as const),
  ...Object.entries(ALIASES),
]);

/** The mark of a service, by its code first and then by its name; undefined when it has none. */
export function brandMark(code: string, name: string): SimpleIcon | undefined {
  return MARKS_BY_CODE[code] ?? MARKS_BY_NAME.get(nameKey(name));
}
