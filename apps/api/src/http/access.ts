import type { Role } from '@numero/contract/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Every API route declares who may call it in `config.access`; a route without one refuses to register,
 * so no route can be added without a decision about its guard.
 * - 'public': anyone; 'authenticated': any signed-in active user; a list of roles: only those roles.
 */
export type Access = 'public' | 'authenticated' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** A public route that still wants to know who calls it (sign-out names who signed out). */
    readsSession?: boolean;
    /** The route answers the caller's balances: the session read brings them (request.wallets). */
    readsWallets?: boolean;
  }
}

export const STAFF: readonly Role[] = ['MANAGER', 'ADMIN'];
export const ADMIN_ONLY: readonly Role[] = ['ADMIN'];

export function isProtectedPath(url: string): boolean {
  return url.startsWith('/api/');
}

export function registerAccessControl(app: FastifyInstance, declared: Map<string, Access>): void {
  app.addHook('onRoute', (route) => {
    if (!isProtectedPath(route.url) || route.url.startsWith('/api/docs')) return;
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access`);
    for (const method of [route.method].flat()) declared.set(`${method} ${route.url}`, access);
  });
}

/**
 * Applies the route's declared access. Called by the session hook right after it loads the caller, before
 * the body is read: an anonymous or under-privileged caller learns nothing about a protected route's input
 * (no 422 before the 401/403) and costs no body parsing.
 */
export function enforceAccess(request: FastifyRequest): void {
  const access = request.routeOptions.config.access;
  if (!access || access === 'public') return;
  if (!request.user) throw new AppError('UNAUTHENTICATED', 401);
  if (access !== 'authenticated' && !access.includes(request.user.role)) {
    // Who was refused what, for the security log (pino escapes the values: no forged lines).
    request.log.warn(
      {
        userId: request.user.id,
        role: request.user.role,
        route: `${request.method} ${request.routeOptions.url}`,
      },
      'access denied',
    );
    throw new AppError('FORBIDDEN', 403);
  }
}
