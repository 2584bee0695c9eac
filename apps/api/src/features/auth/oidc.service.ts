import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, registerMessages } from '../../http/errors.ts';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limit.ts';
import { type AccountService, normaliseEmail, type User } from '../account/account.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AuthService, RequestMeta, SignedIn } from './auth.service.ts';
import type { OidcClient } from './oidc.client.ts';
import type { OidcRepository } from './oidc.repository.ts';
import { sha256Hex } from './session.service.ts';

registerMessages({
  OIDC_NOT_CONFIGURED: {
    pt: 'O login com provedor externo não está disponível.',
    en: 'Sign-in with an external provider is not available.',
  },
  OIDC_STATE_INVALID: {
    pt: 'Sessão de autenticação inválida ou expirada. Inicie o login novamente.',
    en: 'Invalid or expired authentication session. Please start signing in again.',
  },
  OIDC_EXCHANGE_FAILED: {
    pt: 'O provedor de identidade recusou o código de autorização. Tente novamente.',
    en: 'The identity provider refused the authorization code. Please try again.',
  },
  OIDC_TOKEN_INVALID: {
    pt: 'A resposta do provedor de identidade é inválida.',
    en: 'The identity provider response is invalid.',
  },
  OIDC_EMAIL_UNVERIFIED: {
    pt: 'O provedor de identidade não confirmou seu email. Verifique o email no provedor e tente novamente.',
    en: 'The identity provider has not verified your email. Verify it there and try again.',
  },
  OIDC_PROVIDER_UNAVAILABLE: {
    pt: 'O provedor de identidade está indisponível. Tente novamente mais tarde.',
    en: 'The identity provider is unavailable. Please try again later.',
  },
});

/** A sign-in started must come back within 10 minutes. */
export const OIDC_STATE_TTL_MS = 10 * 60_000;
const OIDC_STARTS: RateLimitRule = { limit: 30, windowMs: 10 * 60_000 };
const RANDOM_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const random = () => randomBytes(32).toString('base64url');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
/**
 * The nonce is derived from the PKCE verifier (kept server-side, never sent) rather than stored, so the
 * callback can hand the exact value to openid-client while the database keeps only its hash.
 */
const nonceFor = (verifier: string) => createHash('sha256').update(`nonce:${verifier}`).digest('base64url');
const Email = z.email().max(254);

export function createOidcService({
  client,
  provider,
  db,
  repository,
  users,
  auth,
  audit,
  limiter,
  now,
}: {
  /** null when OIDC is not configured: every call answers 404. */
  client: OidcClient | null;
  /** The issuer URL, recorded with each linked identity. */
  provider: string;
  db: Db;
  repository: OidcRepository;
  users: Pick<AccountService, 'findById' | 'findByEmail' | 'createUser'>;
  auth: Pick<AuthService, 'completeSignIn'>;
  audit: Pick<AuditService, 'record'>;
  limiter: Pick<RateLimiter, 'consume'>;
  now: () => Date;
}) {
  function requireClient(): OidcClient {
    if (!client) throw new AppError('OIDC_NOT_CONFIGURED', 404);
    return client;
  }

  /** The account behind a verified identity: the one linked before, else the one with its email, else new. */
  async function resolveUser(
    subject: string,
    email: string,
    claims: Record<string, unknown>,
    ip: string,
  ): Promise<User> {
    return db.transaction(async (tx) => {
      const identity = await repository.findIdentity(provider, subject, tx);
      if (identity) {
        const linked = await users.findById(identity.userId, tx);
        if (linked) return linked;
      }
      let user = await users.findByEmail(email, tx);
      if (!user) {
        const english = typeof claims.locale === 'string' && claims.locale.toLowerCase().startsWith('en');
        const name = typeof claims.name === 'string' ? claims.name.trim().slice(0, 120) || null : null;
        user = await users.createUser(
          {
            email,
            passwordHash: null,
            preferredLanguage: english ? 'en-US' : 'pt-BR',
            preferredCurrency: english ? 'USD' : 'BRL',
            fullName: name,
          },
          tx,
        );
        await audit.record(
          {
            action: 'REGISTER',
            actor: { id: user.id, email: user.email },
            entityType: 'users',
            entityId: user.id,
            ip,
            after: { method: 'oidc', role: user.role },
          },
          tx,
        );
      }
      await repository.insertIdentity({ provider, subject, userId: user.id, email, createdAt: now() }, tx);
      return user;
    });
  }

  return {
    enabled: client !== null,

    /** Housekeeping: sign-ins started more than 10 minutes ago can no longer finish. */
    purgeExpiredStates: () => repository.deleteExpiredStates(now()),

    /**
     * Begins a sign-in: a random state, nonce and PKCE verifier, remembered (hashed where possible) for
     * 10 minutes and bound to this browser by a value only its HttpOnly cookie holds.
     */
    async start(meta: { ip: string }, existingBinding?: string): Promise<{ url: string; binding: string }> {
      const oidc = requireClient();
      await limiter.consume(`oidc-start:${meta.ip}`, OIDC_STARTS);
      const at = now();
      await repository.deleteExpiredStates(at);
      // Reusing the browser's binding lets two tabs sign in at once without one spoiling the other.
      const binding = existingBinding && RANDOM_SHAPE.test(existingBinding) ? existingBinding : random();
      const state = random();
      const codeVerifier = random();
      const nonce = nonceFor(codeVerifier);
      const url = await oidc.authorizationUrl({ state, nonce, codeChallenge: s256(codeVerifier) });
      await repository.insertState({
        stateHash: sha256Hex(state),
        bindingHash: sha256Hex(binding),
        nonceHash: sha256Hex(nonce),
        codeVerifier,
        createdAt: at,
        expiresAt: new Date(at.getTime() + OIDC_STATE_TTL_MS),
      });
      return { url, binding };
    },

    /**
     * Finishes a sign-in: the state must be pending, unexpired and bound to this browser (a forged, foreign
     * or replayed state is a 400), then the code is redeemed and the id_token checked before anyone is
     * signed in.
     */
    async callback(
      input: { code: string; state: string },
      binding: string | undefined,
      meta: RequestMeta,
    ): Promise<SignedIn> {
      const oidc = requireClient();
      if (!binding || !RANDOM_SHAPE.test(binding)) throw new AppError('OIDC_STATE_INVALID', 400);
      const pending = await repository.takeState(sha256Hex(input.state), sha256Hex(binding), now());
      if (!pending) throw new AppError('OIDC_STATE_INVALID', 400);

      const nonce = nonceFor(pending.codeVerifier);
      // openid-client checks the ID token (signature, issuer, audience, expiry, this nonce); the stored
      // hash is a second lock that the verifier read back is the one this sign-in started with.
      if (sha256Hex(nonce) !== pending.nonceHash) throw new AppError('OIDC_STATE_INVALID', 400);
      const { claims: idToken, accessToken } = await oidc.redeem({
        code: input.code,
        state: input.state,
        codeVerifier: pending.codeVerifier,
        nonce,
      });

      let claims: Record<string, unknown> = idToken;
      if (typeof claims.email !== 'string' && accessToken) {
        const info = await oidc.userinfo(accessToken, idToken.sub);
        if (info) claims = { ...info, ...idToken };
      }
      const email = typeof claims.email === 'string' ? normaliseEmail(claims.email) : '';
      if (!Email.safeParse(email).success) throw new AppError('OIDC_TOKEN_INVALID', 400);
      if (claims.email_verified !== true && claims.email_verified !== 'true')
        throw new AppError('OIDC_EMAIL_UNVERIFIED', 400);

      const user = await resolveUser(idToken.sub, email, claims, meta.ip);
      if (!user.isActive) {
        await audit.record({
          action: 'LOGIN_FAILED',
          actor: { id: user.id, email: user.email },
          entityType: 'users',
          entityId: user.id,
          ip: meta.ip,
          after: { reason: 'inactive', method: 'oidc' },
        });
        throw new AppError('ACCOUNT_INACTIVE', 403);
      }
      return auth.completeSignIn(user, meta, 'oidc');
    },
  };
}
export type OidcService = ReturnType<typeof createOidcService>;
