import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * For the reliability suite: every store process it starts writes its whole output under
 * RELIABILITY_LOG_DIR, and every secret the suite hands out (API keys, passwords, session cookies, the
 * sellers' and providers' keys) is noted there too, so that a last test can check that no log line holds
 * one of them, their SHA-256, or a query string.
 */
export const LOG_DIR = process.env.RELIABILITY_LOG_DIR;
const SECRETS_FILE = 'secrets.list';

/** Notes values that must never reach a log (does nothing outside `npm run test:reliability`). */
export function rememberSecrets(...values: string[]): void {
  if (LOG_DIR) appendFileSync(join(LOG_DIR, SECRETS_FILE), values.map((v) => `${v}\n`).join(''));
}

export function rememberedSecrets(dir: string): string[] {
  const file = join(dir, SECRETS_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
}

const sha256 = (value: string, encoding: 'hex' | 'base64url') =>
  createHash('sha256').update(value).digest(encoding);

/** What may not be in a log whatever the secrets: credentials in a query string, a URL with a query. */
const FORBIDDEN: [string, RegExp][] = [
  ['a credential in a query string', /[?&](api_?key|token|password|secret)=/i],
  ['a token in a link', /#token=/i],
  ['a logged URL with a query string', /"url":"[^"]*\?/],
];

/** Each leak found in `text`: which kind, and the line it is on (the secret itself left out). */
export function findLeaks(text: string, secrets: string[]): string[] {
  const needles: [string, string][] = [];
  for (const secret of new Set(secrets)) {
    if (secret.length < 8) continue;
    needles.push(
      ['a secret', secret],
      ['the SHA-256 of a secret', sha256(secret, 'hex')],
      ['the SHA-256 of a secret', sha256(secret, 'base64url')],
    );
  }
  const leaks: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const [what, needle] of needles) if (line.includes(needle)) leaks.push(`line ${i + 1}: ${what}`);
    for (const [what, pattern] of FORBIDDEN) if (pattern.test(line)) leaks.push(`line ${i + 1}: ${what}`);
  });
  return leaks;
}
