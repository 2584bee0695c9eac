import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACTIVATION_STATUSES, ORDER_PAYMENT_STATUSES } from '@numero/contract/activations';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from '@numero/contract/admin';
import { PRODUCT_STATUSES } from '@numero/contract/catalog';
import { Role } from '@numero/contract/common';
import { PAYMENT_STATUSES, TRANSACTION_KINDS } from '@numero/contract/wallet';

/**
 * What "a raw code" and "a word of the other language" mean for the page check (page-check.ts): the
 * contract's enum values, and the words only one language's texts use (taken from the app's own text
 * files, so a new text is covered without a list to keep).
 */

/** The contract's codes: statuses, roles, actions, entities, ledger kinds. */
const CODES: string[] = [
  ...ACTIVATION_STATUSES,
  ...ORDER_PAYMENT_STATUSES,
  ...PAYMENT_STATUSES,
  ...TRANSACTION_KINDS,
  ...PRODUCT_STATUSES,
  ...Role.options,
  ...AUDIT_ACTIONS,
  ...AUDIT_ENTITY_TYPES,
];
/** Codes that cannot be a word of either language: UPPER_SNAKE, snake_case, or an upper-case role. */
const UNMISTAKABLE = new Set(CODES.filter((c) => c.includes('_') || /^[A-Z]{4,}$/.test(c)));
/** Lower-case codes that are English words ("pending", "capture"): wrong on a Portuguese page. */
const ENGLISH_CODES = new Set(CODES.filter((c) => /^[a-z]+$/.test(c)));

/** Words as the sweep cuts them: letters and digits, joined by hyphens or underscores. */
export const wordsOf = (text: string): string[] => text.match(/[\p{L}\p{N}]+(?:[-_][\p{L}\p{N}]+)*/gu) ?? [];

const WEB = join(import.meta.dirname, '../../apps/web/src');

function textFiles(dir: string, lang: 'pt' | 'en'): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(`${lang}.json`) && (f.includes('locales') || f.startsWith('i18n')))
    .map((f) => join(dir, f));
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

function vocabulary(lang: 'pt' | 'en'): Set<string> {
  const texts = textFiles(WEB, lang).flatMap((f) => strings(JSON.parse(readFileSync(f, 'utf8'))));
  // Placeholders ({{count}}) and inline tags are not words the reader sees.
  return new Set(
    texts.flatMap((t) => wordsOf(t.replace(/\{\{[^}]*\}\}|<[^>]*>/g, ' ')).map((w) => w.toLowerCase())),
  );
}

const pt = vocabulary('pt');
const en = vocabulary('en');
/** Words of three letters or more that only the other language's texts use. */
const onlyIn = (mine: Set<string>, other: Set<string>) =>
  new Set([...other].filter((w) => w.length >= 3 && !mine.has(w) && !/\d/.test(w)));
const FOREIGN = { pt: onlyIn(pt, en), en: onlyIn(en, pt) };

/**
 * What the reader of `lang` would trip over in `text`: raw codes, and the other language's words. The
 * people's own data is left out first: e-mail addresses, web addresses and browsers' user agents.
 */
export function wordsOutOfPlace(text: string, lang: 'pt' | 'en', people: string[] = []): string[] {
  let readable = text;
  for (const name of people) readable = readable.replaceAll(name, ' ');
  readable = readable
    .replace(/\S+@\S+/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/Mozilla\/\S+[^\n]*/g, ' ');
  const found = new Map<string, string>();
  const lines = readable.split('\n');
  for (const w of wordsOf(readable)) {
    if (found.has(w)) continue;
    const code = UNMISTAKABLE.has(w) || (lang === 'pt' && ENGLISH_CODES.has(w));
    const foreign = FOREIGN[lang].has(w.toLowerCase());
    if (!code && !foreign) continue;
    // The line it is on, to find it on the page.
    const line = (lines.find((l) => wordsOf(l).includes(w)) ?? '').trim().slice(0, 80);
    const kind = code ? 'code' : lang === 'pt' ? 'English' : 'Portuguese';
    found.set(w, `${kind} "${w}" in "${line}"`);
  }
  return [...found.values()];
}
