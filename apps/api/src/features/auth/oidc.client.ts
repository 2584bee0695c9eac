import * as oidc from 'openid-client';
import { AppError } from '../../http/errors.ts';

const TIMEOUT_SECONDS = 10;
/** How long the discovered configuration (and the key set it caches) is reused before asking again. */
const DISCOVERY_TTL_MS = 60 * 60_000;

export interface OidcClientConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

const unavailable = () => new AppError('OIDC_PROVIDER_UNAVAILABLE', 503);

/** The provider did not answer, or answered with a server error: a 503, never a 500. */
function isOutage(error: unknown): boolean {
  if (error instanceof TypeError) return true; // fetch: connection refused, DNS, …
  if (error instanceof DOMException) return error.name === 'TimeoutError' || error.name === 'AbortError';
  if (error instanceof oidc.ResponseBodyError) return error.status >= 500;
  const cause = error instanceof Error ? error.cause : undefined;
  return cause instanceof Response && cause.status >= 500;
}

/** Plain http only for a provider on this machine (a local mock); anything else must be https. */
function isLoopback(issuer: URL): boolean {
  return ['127.0.0.1', '[::1]', 'localhost'].includes(issuer.hostname);
}

/**
 * The OpenID Connect relying party through `openid-client`: discovery, the authorization URL, the code
 * exchange with PKCE, and the ID token checks (signature against the provider's JWKS, issuer, audience,
 * azp, expiry, nonce). The state is checked by the caller against its own records before redeeming.
 */
export function createOidcClient(config: OidcClientConfig, _deps: { now: () => Date }) {
  const issuer = new URL(config.issuer);
  let cached: { at: number; configuration: Promise<oidc.Configuration> } | undefined;

  // client_secret_basic is the default of the spec; post only when the provider offers nothing else.
  // Basic is built here rather than with oidc.ClientSecretBasic, which also escapes "-", "_", "." and "~":
  // providers that do not unescape the header (the local mock among them) then see another client id.
  const clientAuth: oidc.ClientAuth = (as, client, body, headers) => {
    const methods = as.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    if (!methods.includes('client_secret_basic') && methods.includes('client_secret_post')) {
      oidc.ClientSecretPost(config.clientSecret)(as, client, body, headers);
      return;
    }
    const user = encodeURIComponent(config.clientId);
    const pass = encodeURIComponent(config.clientSecret);
    headers.set('authorization', `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`);
  };

  async function load(): Promise<oidc.Configuration> {
    try {
      return await oidc.discovery(issuer, config.clientId, { [oidc.clockTolerance]: 60 }, clientAuth, {
        timeout: TIMEOUT_SECONDS,
        execute: [
          ...(isLoopback(issuer) ? [oidc.allowInsecureRequests] : []),
          // Verify the ID token's signature too, not only its claims: it is what links an account.
          oidc.enableNonRepudiationChecks,
        ],
      });
    } catch {
      // Unreachable, not a provider, or one that describes another issuer (Discovery §4.3).
      throw unavailable();
    }
  }

  function discover(): Promise<oidc.Configuration> {
    if (!cached || Date.now() - cached.at > DISCOVERY_TTL_MS) {
      const configuration = load();
      cached = { at: Date.now(), configuration };
      configuration.catch(() => {
        if (cached?.configuration === configuration) cached = undefined;
      });
    }
    return cached.configuration;
  }

  return {
    async authorizationUrl(params: { state: string; nonce: string; codeChallenge: string }): Promise<string> {
      const url = oidc.buildAuthorizationUrl(await discover(), {
        redirect_uri: config.redirectUri,
        scope: 'openid email profile',
        state: params.state,
        nonce: params.nonce,
        code_challenge: params.codeChallenge,
        code_challenge_method: 'S256',
      });
      return url.toString();
    },

    /**
     * Redeems the authorization code with the PKCE verifier and checks the ID token it brings; the claims
     * of a token that passed every check, or 400 OIDC_EXCHANGE_FAILED / OIDC_TOKEN_INVALID.
     */
    async redeem(params: {
      code: string;
      state: string;
      codeVerifier: string;
      nonce: string;
    }): Promise<{ claims: oidc.IDToken; accessToken?: string }> {
      const configuration = await discover();
      const callbackUrl = new URL(config.redirectUri);
      callbackUrl.searchParams.set('code', params.code);
      callbackUrl.searchParams.set('state', params.state);
      try {
        const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
          pkceCodeVerifier: params.codeVerifier,
          expectedState: params.state,
          expectedNonce: params.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new AppError('OIDC_TOKEN_INVALID', 400);
        return { claims, accessToken: tokens.access_token };
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (isOutage(error)) throw unavailable();
        // The provider refused the code (an OAuth error, or any other non-2xx reply).
        const refused =
          error instanceof oidc.ResponseBodyError ||
          (error instanceof Error && error.cause instanceof Response && !error.cause.ok);
        throw new AppError(refused ? 'OIDC_EXCHANGE_FAILED' : 'OIDC_TOKEN_INVALID', 400);
      }
    },

    /** Claims from the userinfo endpoint about `subject`, for providers that leave the email out of the ID token. */
    async userinfo(accessToken: string, subject: string): Promise<Record<string, unknown> | undefined> {
      const configuration = await discover();
      if (!configuration.serverMetadata().userinfo_endpoint) return undefined;
      try {
        return await oidc.fetchUserInfo(configuration, accessToken, subject);
      } catch (error) {
        if (isOutage(error)) throw unavailable();
        // Refused, or about someone else than the ID token's subject (Core §5.3.2): ignored.
        return undefined;
      }
    },
  };
}
export type OidcClient = ReturnType<typeof createOidcClient>;
