import type { FastifyInstance } from 'fastify';
import { AppError, registerMessages } from './errors.ts';

registerMessages({
  INVALID_TEXT: {
    pt: 'A requisição contém caracteres inválidos (como o caractere nulo).',
    en: 'The request contains invalid characters (such as the null character).',
  },
});

/** Deep enough for any body the API accepts; deeper input is refused rather than walked. */
const MAX_DEPTH = 8;

/**
 * Text the database cannot store faithfully: a NUL (PostgreSQL refuses it in text) or a lone UTF-16
 * surrogate (it would be written as U+FFFD, a silent change of what the caller sent).
 */
function isInvalidText(value: string): boolean {
  return value.includes('\u0000') || !value.isWellFormed();
}

function holdsInvalidText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isInvalidText(value);
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (depth >= MAX_DEPTH) return true;
  if (Array.isArray(value)) return value.some((v) => holdsInvalidText(v, depth + 1));
  return Object.entries(value).some(([k, v]) => isInvalidText(k) || holdsInvalidText(v, depth + 1));
}

/**
 * One place for every route: path parameters, query and parsed body are checked before any schema sees
 * them, so no handler, repository or log line ever gets such text. Raw bodies (signed webhooks) stay
 * bytes and are not touched.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsInvalidText(request.params) || holdsInvalidText(request.query) || holdsInvalidText(request.body))
      throw new AppError('INVALID_TEXT', 400);
  });
}
