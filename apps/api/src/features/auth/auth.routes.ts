import type { CookieSerializeOptions } from '@fastify/cookie';
import { AuthProviders, AuthResponse, CallbackBody, LoginForm, RegisterRequest } from '@numero/contract/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../../http/session.ts';
import type { AuthService, RequestMeta, SignedIn } from './auth.service.ts';
import { OIDC_STATE_TTL_MS, type OidcService } from './oidc.service.ts';

export interface AuthRoutesOptions {
  auth: AuthService;
  oidc: OidcService;
  secureCookies: boolean;
  /** Whether a new account confirms its address before signing in (shown by the register page). */
  emailVerification: boolean;
}

/** The short-lived cookie that ties an OIDC state to the browser that started the sign-in. */
function oidcBindingCookie(secure: boolean): { name: string; options: CookieSerializeOptions } {
  return {
    name: secure ? '__Host-numero_oidc' : 'numero_oidc',
    options: { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge: OIDC_STATE_TTL_MS / 1000 },
  };
}

/**
 * The device cookie: a random token that lets the store recognise this browser at the next sign-in (only
 * its hash is kept, per user). 400 days, the longest a browser keeps a cookie.
 */
export function deviceCookie(secure: boolean): { name: string; options: CookieSerializeOptions } {
  return {
    name: secure ? '__Host-numero_device' : 'numero_device',
    options: { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge: 400 * 24 * 60 * 60 },
  };
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth, oidc, secureCookies, emailVerification },
) => {
  const binding = oidcBindingCookie(secureCookies);
  const device = deviceCookie(secureCookies);
  const meta = (request: FastifyRequest): RequestMeta => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    previousToken: readSessionToken(request, secureCookies),
    deviceToken: request.cookies[device.name] || undefined,
  });
  const signIn = (reply: FastifyReply, { token, deviceToken }: SignedIn) => {
    setSessionCookie(reply, secureCookies, token);
    reply.setCookie(device.name, deviceToken, device.options);
  };
  // These routes take JSON or (login) a form; a text/plain body is refused with 415 rather than
  // guessed at. (This plugin's scope only.)
  app.removeContentTypeParser('text/plain');

  app.post(
    '/api/v1/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        description: 'Form-encoded `username` (the email) and `password`; sets the session cookie.',
        consumes: ['application/x-www-form-urlencoded'],
        body: LoginForm,
        response: { 200: AuthResponse },
      },
    },
    async (request, reply) => {
      const signedIn = await auth.login(request.body, meta(request));
      signIn(reply, signedIn);
      return { user: signedIn.user };
    },
  );

  app.post(
    '/api/v1/auth/register',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: RegisterRequest, response: { 201: AuthResponse } },
    },
    async (request, reply) => {
      const user = await auth.register(request.body, meta(request));
      return reply.status(201).send({ user });
    },
  );

  // Logout takes no body: whatever a client sends with it (an empty JSON body included) is ignored,
  // so signing out never fails on a content type.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));
    scope.post(
      '/api/v1/auth/logout',
      {
        config: { access: 'public', readsSession: true, beforePasswordChange: true },
        schema: { tags: ['auth'], description: 'Ends the session; 204.' },
      },
      async (request, reply) => {
        await auth.logout(readSessionToken(request, secureCookies), request.user, request.ip);
        clearSessionCookie(reply, secureCookies);
        return reply.status(204).send();
      },
    );
  });

  app.get(
    '/api/v1/auth/providers',
    { config: { access: 'public' }, schema: { tags: ['auth'], response: { 200: AuthProviders } } },
    async () => ({ oidc: oidc.enabled, email_verification: emailVerification }),
  );

  app.get(
    '/api/v1/auth/oidc/start',
    {
      // No HEAD twin: HEAD must not start (and store) a sign-in.
      exposeHeadRoute: false,
      config: { access: 'public' },
      schema: { tags: ['auth'], description: "Redirects (302) to the OpenID provider's sign-in page." },
    },
    async (request, reply) => {
      const started = await oidc.start({ ip: request.ip }, request.cookies[binding.name]);
      reply.setCookie(binding.name, started.binding, binding.options);
      reply.header('cache-control', 'no-store');
      return reply.redirect(started.url, 302);
    },
  );

  app.post(
    '/api/v1/auth/callback',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: CallbackBody, response: { 200: AuthResponse } },
    },
    async (request, reply) => {
      const signedIn = await oidc.callback(request.body, request.cookies[binding.name], meta(request));
      reply.clearCookie(binding.name, { ...binding.options, maxAge: undefined });
      signIn(reply, signedIn);
      return { user: signedIn.user };
    },
  );
};
