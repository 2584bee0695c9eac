import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';
import { AppError } from '../../http/errors.ts';

const TIMEOUT_MS = 10_000;
/** How long the discovery document (and the key set built from it) is reused before asking again. */
const DISCOVERY_TTL_MS = 60 * 60_000;

export interface OidcClientConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

interface Discovery {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint?: string;
  authMethod: 'client_secret_basic' | 'client_secret_post';
  jwks: ReturnType<typeof createRemoteJWKSet>;
}

const unavailable = () => new AppError('OIDC_PROVIDER_UNAVAILABLE', 503);
const sameIssuer = (a: string, b: string) => a.replace(/\/$/, '') === b.replace(/\/$/, '');

/**
 * The OpenID Connect relying party's side of the conversation with the provider: discovery, the
 * authorization URL, the code exchange, the id_token check and userinfo. No state of its own beyond a
 * cache of the provider's public metadata.
 */
export function createOidcClient(config: OidcClientConfig, { now }: { now: () => Date }) {
  let cached: { at: number; discovery: Promise<Discovery> } | undefined;

  async function fetchJson(url: string, init?: RequestInit): Promise<{ ok: boolean; body: unknown }> {
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
    } catch {
      throw unavailable();
    }
    if (res.status >= 500) throw unavailable();
    const body: unknown = await res.json().catch(() => null);
    return { ok: res.ok, body };
  }

  async function loadDiscovery(): Promise<Discovery> {
    const { ok, body } = await fetchJson(`${config.issuer}/.well-known/openid-configuration`);
    const doc = (body ?? {}) as Record<string, unknown>;
    const str = (k: string) => (typeof doc[k] === 'string' ? (doc[k] as string) : undefined);
    const issuer = str('issuer');
    const authorizationEndpoint = str('authorization_endpoint');
    const tokenEndpoint = str('token_endpoint');
    const jwksUri = str('jwks_uri');
    // The document must describe the issuer we were configured with (OpenID Connect Discovery §4.3).
    if (!ok || !issuer || !authorizationEndpoint || !tokenEndpoint || !jwksUri) throw unavailable();
    if (!sameIssuer(issuer, config.issuer)) throw unavailable();
    const methods = Array.isArray(doc.token_endpoint_auth_methods_supported)
      ? (doc.token_endpoint_auth_methods_supported as unknown[])
      : ['client_secret_basic'];
    return {
      issuer,
      authorizationEndpoint,
      tokenEndpoint,
      userinfoEndpoint: str('userinfo_endpoint'),
      // client_secret_basic is the default of the spec; post only when the provider prefers it.
      authMethod:
        methods.includes('client_secret_basic') || !methods.includes('client_secret_post')
          ? 'client_secret_basic'
          : 'client_secret_post',
      jwks: createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: TIMEOUT_MS }),
    };
  }

  function discover(): Promise<Discovery> {
    if (!cached || Date.now() - cached.at > DISCOVERY_TTL_MS) {
      const discovery = loadDiscovery();
      cached = { at: Date.now(), discovery };
      discovery.catch(() => {
        if (cached?.discovery === discovery) cached = undefined;
      });
    }
    return cached.discovery;
  }

  return {
    async authorizationUrl(params: { state: string; nonce: string; codeChallenge: string }): Promise<string> {
      const { authorizationEndpoint } = await discover();
      const url = new URL(authorizationEndpoint);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', config.clientId);
      url.searchParams.set('redirect_uri', config.redirectUri);
      url.searchParams.set('scope', 'openid email profile');
      url.searchParams.set('state', params.state);
      url.searchParams.set('nonce', params.nonce);
      url.searchParams.set('code_challenge', params.codeChallenge);
      url.searchParams.set('code_challenge_method', 'S256');
      return url.toString();
    },

    /** Redeems the authorization code (with the PKCE verifier) at the token endpoint. */
    async exchangeCode(
      code: string,
      codeVerifier: string,
    ): Promise<{ idToken: string; accessToken?: string }> {
      const { tokenEndpoint, authMethod } = await discover();
      const form = new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: config.redirectUri,
        code_verifier: codeVerifier,
      });
      const headers: Record<string, string> = {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      };
      if (authMethod === 'client_secret_basic') {
        // RFC 6749 §2.3.1: each part is form-urlencoded before the Basic encoding.
        const user = encodeURIComponent(config.clientId);
        const pass = encodeURIComponent(config.clientSecret);
        headers.authorization = `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
      } else {
        form.set('client_id', config.clientId);
        form.set('client_secret', config.clientSecret);
      }
      const { ok, body } = await fetchJson(tokenEndpoint, { method: 'POST', headers, body: form });
      const tokens = (body ?? {}) as Record<string, unknown>;
      if (!ok) throw new AppError('OIDC_EXCHANGE_FAILED', 400);
      if (typeof tokens.id_token !== 'string') throw new AppError('OIDC_TOKEN_INVALID', 400);
      return {
        idToken: tokens.id_token,
        accessToken: typeof tokens.access_token === 'string' ? tokens.access_token : undefined,
      };
    },

    /** Signature (the provider's JWKS), issuer, audience, expiry; the nonce is the caller's to check. */
    async verifyIdToken(idToken: string): Promise<JWTPayload & { sub: string }> {
      const { issuer, jwks } = await discover();
      try {
        const { payload } = await jwtVerify(idToken, jwks, {
          issuer,
          audience: config.clientId,
          currentDate: now(),
          clockTolerance: 60,
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        // With several audiences the token must have been issued to us (OpenID Connect Core §3.1.3.7).
        if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== config.clientId)
          throw new AppError('OIDC_TOKEN_INVALID', 400);
        return payload as JWTPayload & { sub: string };
      } catch (err) {
        if (err instanceof AppError) throw err;
        if (err instanceof errors.JWKSTimeout || !(err instanceof errors.JOSEError)) throw unavailable();
        throw new AppError('OIDC_TOKEN_INVALID', 400);
      }
    },

    /** Claims from the userinfo endpoint, for providers that leave the email out of the id_token. */
    async userinfo(accessToken: string): Promise<Record<string, unknown> | undefined> {
      const { userinfoEndpoint } = await discover();
      if (!userinfoEndpoint) return undefined;
      const { ok, body } = await fetchJson(userinfoEndpoint, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      });
      return ok && body && typeof body === 'object' ? (body as Record<string, unknown>) : undefined;
    },
  };
}
export type OidcClient = ReturnType<typeof createOidcClient>;
