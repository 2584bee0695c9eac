import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLogs, oauthIdentities, oauthStates, users } from '../../db/schema/index.ts';
import {
  createClock,
  createTestApp,
  sessionCookieOf,
  signUpAndSignIn,
  TEST_ORIGIN,
} from '../../test/helpers.ts';

const CLIENT_ID = 'numero-web';
const CLIENT_SECRET = 'a-client-secret-for-tests';

describe('OIDC sign-in against a real OpenID provider on 127.0.0.1', async () => {
  const provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  const issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  provider.issuer.url = issuer;
  afterAll(() => provider.stop());

  // Claims added to the tokens the provider signs next (the mock knows no users of its own).
  let claims: Record<string, unknown> = {};
  let subjectSeq = 0;
  provider.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, claims));
  const tokenRequests: { body: Record<string, unknown>; authorization?: string }[] = [];
  provider.service.on('beforeResponse', (_res, req) =>
    tokenRequests.push({ body: { ...req.body }, authorization: req.headers.authorization }),
  );
  beforeEach(() => {
    subjectSeq++;
    claims = {
      sub: `subject-${subjectSeq}`,
      email: `Person${subjectSeq}@Example.com`,
      email_verified: true,
      name: `Pessoa ${subjectSeq}`,
    };
  });

  const clock = createClock();
  const { app, database } = await createTestApp({
    now: clock.now,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET },
  });
  const { db } = database;

  /** GET /oidc/start as a browser holding `cookie`; returns the provider URL and the binding cookie. */
  async function start(cookie?: string) {
    const res = await app.inject({ url: '/api/v1/auth/oidc/start', headers: cookie ? { cookie } : {} });
    expect(res.statusCode).toBe(302);
    const binding = res.cookies.find((c) => c.name === 'numero_oidc')!;
    return { res, location: new URL(res.headers.location as string), cookie: `numero_oidc=${binding.value}` };
  }
  /** The user signs in at the provider, which sends the browser back to /auth-callback. */
  async function authorize(location: URL) {
    const res = await fetch(location, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    return { back, code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
  }
  const callback = (body: { code: string; state: string }, cookie?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/callback',
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      payload: body,
    });
  async function fullSignIn() {
    const browser = await start();
    const { code, state } = await authorize(browser.location);
    return { browser, code, state, res: await callback({ code, state }, browser.cookie) };
  }

  it('says OIDC is offered', async () => {
    expect((await app.inject({ url: '/api/v1/auth/providers' })).json()).toEqual({
      oidc: true,
      email_verification: false,
    });
  });

  it('start redirects to the discovered authorization endpoint with PKCE S256, state and nonce', async () => {
    const { res, location } = await start();
    expect(`${location.origin}${location.pathname}`).toBe(`${issuer}/authorize`);
    const q = Object.fromEntries(location.searchParams);
    expect(q).toMatchObject({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: 'http://localhost:3000/auth-callback',
      code_challenge_method: 'S256',
    });
    expect(q.scope!.split(' ')).toEqual(expect.arrayContaining(['openid', 'email']));
    expect(q.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q).not.toHaveProperty('code_verifier');

    const binding = res.cookies.find((c) => c.name === 'numero_oidc')!;
    expect(binding).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 600 });
    // Only hashes of the state, the nonce and the binding are stored.
    const rows = JSON.stringify(await db.select().from(oauthStates));
    for (const secret of [q.state!, q.nonce!, binding.value]) expect(rows).not.toContain(secret);
    const stateHash = createHash('sha256').update(q.state!).digest('hex');
    const [row] = await db.select().from(oauthStates).where(eq(oauthStates.stateHash, stateHash));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(10 * 60_000);
  });

  it('signs in a new user: creates a CUSTOMER, links the identity, sets the session', async () => {
    const { browser, res } = await fullSignIn();
    expect(res.statusCode).toBe(200);
    const user = res.json().user;
    expect(user).toMatchObject({
      email: `person${subjectSeq}@example.com`,
      role: 'CUSTOMER',
      profile: { full_name: `Pessoa ${subjectSeq}` },
    });
    const cookie = sessionCookieOf(res)!;
    expect(cookie).toBeDefined();
    const me = await app.inject({ url: '/api/v1/users/me', headers: { cookie } });
    expect(me.json().id).toBe(user.id);

    const identities = await db.select().from(oauthIdentities).where(eq(oauthIdentities.userId, user.id));
    expect(identities).toEqual([
      expect.objectContaining({ provider: issuer, subject: `subject-${subjectSeq}` }),
    ]);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toBeNull();
    expect(row!.lastLoginAt).not.toBeNull();
    const actions = (await db.select().from(auditLogs).where(eq(auditLogs.entityId, user.id))).map(
      (r) => r.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['REGISTER', 'LOGIN']));
    // The binding cookie has done its job.
    expect(res.cookies.find((c) => c.name === 'numero_oidc')?.value).toBe('');
    expect(browser.cookie).toMatch(/^numero_oidc=[A-Za-z0-9_-]{43}$/);

    // The code was redeemed with the PKCE verifier and the client's credentials (client_secret_basic).
    const exchange = tokenRequests.at(-1)!;
    const challenge = browser.location.searchParams.get('code_challenge');
    const verifier = String(exchange.body.code_verifier);
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(challenge);
    expect(exchange.body).toMatchObject({
      grant_type: 'authorization_code',
      redirect_uri: 'http://localhost:3000/auth-callback',
    });
    expect(exchange.authorization).toBe(
      `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`,
    );
  });

  it('links an existing account by email, then recognises the subject even if the email changes', async () => {
    const existing = await signUpAndSignIn(app, { email: `person${subjectSeq}@example.com` });
    const first = await fullSignIn();
    expect(first.res.statusCode).toBe(200);
    expect(first.res.json().user.id).toBe(existing.user.id);

    claims.email = 'renamed@example.com';
    const second = await fullSignIn();
    expect(second.res.json().user.id).toBe(existing.user.id);
    const links = await db
      .select()
      .from(oauthIdentities)
      .where(and(eq(oauthIdentities.userId, existing.user.id), eq(oauthIdentities.provider, issuer)));
    expect(links).toHaveLength(1);
  });

  it('refuses a forged state with 400', async () => {
    const browser = await start();
    const { code } = await authorize(browser.location);
    const res = await callback({ code, state: 'forged-state-value' }, browser.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('OIDC_STATE_INVALID');
    expect(sessionCookieOf(res)).toBeUndefined();
    const wellFormed = await callback({ code, state: 'A'.repeat(43) }, browser.cookie);
    expect(wellFormed.statusCode).toBe(400);
  });

  it('refuses a replayed state with 400', async () => {
    const { browser, code, state, res } = await fullSignIn();
    expect(res.statusCode).toBe(200);
    const replay = await callback({ code, state }, browser.cookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('OIDC_STATE_INVALID');
    expect(sessionCookieOf(replay)).toBeUndefined();
  });

  it("refuses a state started by another browser, without spoiling the rightful browser's sign-in", async () => {
    const victim = await start();
    const { code, state } = await authorize(victim.location);
    const attacker = await start();
    expect(attacker.cookie).not.toBe(victim.cookie);

    const foreign = await callback({ code, state }, attacker.cookie);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('OIDC_STATE_INVALID');
    const noCookie = await callback({ code, state });
    expect(noCookie.statusCode).toBe(400);
    const badCookie = await callback({ code, state }, 'numero_oidc=garbage');
    expect(badCookie.statusCode).toBe(400);

    expect((await callback({ code, state }, victim.cookie)).statusCode).toBe(200);
  });

  it('keeps one binding per browser, so two tabs can sign in at once', async () => {
    const tab1 = await start();
    const tab2 = await start(tab1.cookie);
    expect(tab2.cookie).toBe(tab1.cookie);
    const a = await authorize(tab1.location);
    const b = await authorize(tab2.location);
    expect((await callback(b, tab1.cookie)).statusCode).toBe(200);
    expect((await callback(a, tab1.cookie)).statusCode).toBe(200);
  });

  it('refuses an id_token whose email the provider has not verified', async () => {
    claims.email_verified = false;
    const { res } = await fullSignIn();
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('OIDC_EMAIL_UNVERIFIED');
    expect(
      await db
        .select()
        .from(users)
        .where(eq(users.email, `person${subjectSeq}@example.com`)),
    ).toEqual([]);
  });

  it.each([
    ['another nonce', { nonce: 'not-the-nonce-we-sent' }],
    ['another audience', { aud: 'some-other-client' }],
    ['another issuer', { iss: 'https://evil.example' }],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 3600 }],
    ['no subject', { sub: undefined }],
  ])('refuses an id_token with %s (400 OIDC_TOKEN_INVALID)', async (_name, override) => {
    Object.assign(claims, override);
    const { res } = await fullSignIn();
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('OIDC_TOKEN_INVALID');
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('refuses an id_token whose signature does not verify against the provider keys', async () => {
    provider.service.once('beforeResponse', (response) => {
      const body = response.body as { id_token?: string };
      const [header, payload, signature] = String(body.id_token).split('.');
      // Another signature of the same length: the claims are all right, only the key check can tell.
      const forged = Buffer.from(Buffer.from(signature!, 'base64url').map((b) => b ^ 0xff)).toString(
        'base64url',
      );
      body.id_token = `${header}.${payload}.${forged}`;
    });
    const { res } = await fullSignIn();
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('OIDC_TOKEN_INVALID');
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('answers 400 when the provider refuses the code', async () => {
    provider.service.once('beforeResponse', (response) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant' };
    });
    const { res } = await fullSignIn();
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('OIDC_EXCHANGE_FAILED');
  });

  it('takes the email from userinfo when the id_token has none', async () => {
    const sub = claims.sub;
    claims = { sub };
    provider.service.once('beforeUserinfo', (response) => {
      response.body = { sub, email: 'from.userinfo@example.com', email_verified: true };
    });
    const { res } = await fullSignIn();
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('from.userinfo@example.com');
  });

  it('refuses a deactivated account with 403', async () => {
    const existing = await signUpAndSignIn(app, { email: `person${subjectSeq}@example.com` });
    await db.update(users).set({ isActive: false }).where(eq(users.id, existing.user.id));
    const { res } = await fullSignIn();
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_INACTIVE');
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('refuses a state older than 10 minutes with 400', async () => {
    const browser = await start();
    const { code, state } = await authorize(browser.location);
    clock.advance(10 * 60_000 + 1_000);
    const res = await callback({ code, state }, browser.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('OIDC_STATE_INVALID');
  });

  it('refuses a cross-site callback (Origin check)', async () => {
    const browser = await start();
    const { code, state } = await authorize(browser.location);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/callback',
      headers: { origin: 'https://evil.example', cookie: browser.cookie },
      payload: { code, state },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('OIDC not configured', async () => {
  const { app } = await createTestApp();

  it('says so, and start and callback answer 404', async () => {
    expect((await app.inject({ url: '/api/v1/auth/providers' })).json()).toEqual({
      oidc: false,
      email_verification: false,
    });
    const started = await app.inject({ url: '/api/v1/auth/oidc/start' });
    expect(started.statusCode).toBe(404);
    expect(started.json().code).toBe('OIDC_NOT_CONFIGURED');
    const cb = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/callback',
      headers: { origin: TEST_ORIGIN },
      payload: { code: 'x', state: 'y' },
    });
    expect(cb.statusCode).toBe(404);
  });
});

describe('OIDC provider unreachable', async () => {
  // A port nothing listens on: a closed server's.
  const closed = new OAuth2Server();
  await closed.start(0, '127.0.0.1');
  const port = (closed.address() as AddressInfo).port;
  await closed.stop();
  const { app } = await createTestApp({
    env: { OIDC_ISSUER: `http://127.0.0.1:${port}`, OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'y' },
  });

  it('answers 503 with a detail instead of failing', async () => {
    const res = await app.inject({ url: '/api/v1/auth/oidc/start' });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('OIDC_PROVIDER_UNAVAILABLE');
  });
});
