import type { FastifyRequest } from 'fastify';

export type Lang = 'pt' | 'en';

/**
 * The language the client asks for (the web app sends its interface language), else the signed-in
 * user's preference; Portuguese by default. The interface wins because a customer may read the store in
 * English while their profile still says pt-BR.
 */
export function requestLanguage(request: FastifyRequest): Lang {
  const preferred = request.headers['accept-language'] || request.user?.preferredLanguage || '';
  return preferred.toLowerCase().startsWith('en') ? 'en' : 'pt';
}
