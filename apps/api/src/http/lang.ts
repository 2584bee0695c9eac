import type { FastifyRequest } from 'fastify';

export type Lang = 'pt' | 'en';

/** The signed-in user's language, else the one the client asks for; Portuguese by default. */
export function requestLanguage(request: FastifyRequest): Lang {
  const preferred = request.user?.preferredLanguage ?? request.headers['accept-language'] ?? '';
  return preferred.toLowerCase().startsWith('en') ? 'en' : 'pt';
}
