import type { FastifyRequest } from 'fastify';

/** Who acts through a signed-in route (the route's access rule already checked the role), for audit rows. */
export interface Actor {
  id: string;
  email: string;
  ip?: string | null;
}

export const actorOf = (request: FastifyRequest): Actor => ({
  id: request.user!.id,
  email: request.user!.email,
  ip: request.ip,
});
