import type { Role } from '@numero/contract/common';

/** The signed-in caller, loaded from the session on every request (so role changes apply at once). */
export interface SessionUser {
  id: string;
  email: string;
  role: Role;
  preferredLanguage: string;
  preferredCurrency: string;
  fullName: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
  }
}
