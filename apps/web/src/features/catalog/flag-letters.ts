// A country's flag is stored as its emoji (two regional indicator symbols, 🇧🇷 = U+1F1E7 U+1F1F7). Staff
// edit it as the two letters those symbols stand for, so no emoji is ever drawn on the page.
const FIRST_INDICATOR = 0x1f1e6;
const A = 'A'.charCodeAt(0);

/** 🇧🇷 → "BR"; anything that is not a pair of regional indicators is returned as it is. */
export function flagLetters(flag: string): string {
  const points = [...flag.trim()].map((ch) => ch.codePointAt(0)!);
  if (points.length !== 2 || points.some((p) => p < FIRST_INDICATOR || p > FIRST_INDICATOR + 25)) return flag;
  return String.fromCharCode(...points.map((p) => p - FIRST_INDICATOR + A));
}

/** "br" → 🇧🇷; null unless the text is two latin letters. */
export function flagFromLetters(letters: string): string | null {
  const text = letters.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(text)) return null;
  return String.fromCodePoint(...[...text].map((ch) => ch.charCodeAt(0) - A + FIRST_INDICATOR));
}
