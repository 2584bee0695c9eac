import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { enforceAccess } from './access.ts';
import type { SessionUser, WalletBalances } from './request-user.ts';

/** What the session hook needs: turn a cookie's token into its live session, or nothing. */
export interface SessionAuthenticator {
  authenticate(
    token: string,
    options?: { withWallets?: boolean },
  ): Promise<{ sessionId: string; user: SessionUser; wallets?: WalletBalances } | null>;
  /** Drops what this process remembers of the user's sessions. */
  forget(userId: string): void;
}

/**
 * The session cookie. Behind HTTPS it takes the `__Host-` prefix, which browsers only accept with
 * `Secure`, `Path=/` and no `Domain`: no sibling subdomain can plant or shadow it.
 */
export function sessionCookie(secure: boolean): { name: string; options: CookieSerializeOptions } {
  return {
    name: secure ? '__Host-numero_session' : 'numero_session',
    options: { httpOnly: true, sameSite: 'lax', path: '/', secure },
  };
}

export function readSessionToken(request: FastifyRequest, secure: boolean): string | undefined {
  return request.cookies[sessionCookie(secure).name] || undefined;
}

export function setSessionCookie(reply: FastifyReply, secure: boolean, token: string): void {
  const { name, options } = sessionCookie(secure);
  reply.setCookie(name, token, options);
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  const { name, options } = sessionCookie(secure);
  reply.clearCookie(name, options);
}

/**
 * Loads `request.user` from the session cookie: from the database (joined with the user), or from the
 * few seconds each process remembers it (auth's session-cache.ts), which the database's own messages end
 * in every process at commit, so a deactivation, a role change or a logout elsewhere applies to the very
 * next request. Only routes that
 * need a caller pay for it: static files, the web app's pages, /health and public API routes do no
 * database work for a cookie they would ignore. Must be registered after @fastify/cookie, whose own
 * onRequest hook parses the cookies.
 */
export function registerSessionLoading(
  app: FastifyInstance,
  { sessions, secureCookies }: { sessions: SessionAuthenticator; secureCookies: boolean },
): void {
  app.addHook('onRequest', async (request, reply) => {
    const { access, readsSession, readsWallets } = request.routeOptions.config;
    const needsCaller = (access !== undefined && access !== 'public') || readsSession === true;
    const token = needsCaller ? readSessionToken(request, secureCookies) : undefined;
    if (token) {
      const session = await sessions.authenticate(token, { withWallets: readsWallets === true });
      if (session) {
        request.user = session.user;
        request.sessionId = session.sessionId;
        request.wallets = session.wallets ?? null;
      } else {
        clearSessionCookie(reply, secureCookies);
      }
    }
    enforceAccess(request);
  });
  // A caller who changed something sees it in their next request to this process, even if it was their
  // own row (language, name) and the database's message has not come back yet.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.user && request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      sessions.forget(request.user.id);
    }
    return payload;
  });
}
