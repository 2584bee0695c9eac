import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError, registerMessages } from '../../http/errors.ts';

registerMessages({
  PASSWORD_TOO_COMMON: {
    pt: 'Esta senha é muito comum e fácil de adivinhar. Escolha outra senha.',
    en: 'This password is too common and easy to guess. Please choose another one.',
  },
});

// ~1,000 passwords that top every breach list; lengths and composition are the contract's business.
const common = new Set(
  readFileSync(join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line && !line.startsWith('#')),
);

export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}

/** Refuses a password found on the common-passwords list, in any case (422 PASSWORD_TOO_COMMON). */
export function assertPasswordAcceptable(password: string): void {
  if (isCommonPassword(password)) throw new AppError('PASSWORD_TOO_COMMON', 422);
}
