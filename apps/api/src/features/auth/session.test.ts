import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.ts';
import { createClock, createTestApp, signIn, signUpAndSignIn, TEST_PASSWORD } from '../../test/helpers.ts';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './session.service.ts';

const MINUTE = 60_000;

describe('sessions', async () => {
  const clock = createClock(new Date('2025-03-10T12:00:00Z'));
  const { app, database } = await createTestApp({ now: clock.now });
  const { db } = database;
  // A route only ADMIN may call, to watch a role change take effect.
  app.get('/api/v1/test/admin-only', { config: { access: ['ADMIN'] } }, async () => ({ ok: true }));

  const me = (cookie: string) => app.inject({ url: '/api/v1/users/me', headers: { cookie } });
  const sessionRow = async (cookie: string) => {
    const hash = createHash('sha256').update(cookie.split('=')[1]!).digest('hex');
    const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, hash));
    return row;
  };

  it('keeps only the sha-256 of a 256-bit token, with who, when and from where', async () => {
    const { cookie, user } = await signUpAndSignIn(app);
    const token = cookie.split('=')[1]!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const row = await sessionRow(cookie);
    expect(row).toMatchObject({ userId: user.id, ip: '127.0.0.1' });
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.createdAt.getTime()).toBe(clock.now().getTime());
    expect(row!.expiresAt.getTime()).toBe(clock.now().getTime() + 7 * 24 * 60 * MINUTE);
    expect(JSON.stringify(await db.select().from(sessions))).not.toContain(token);
  });

  it('issues a new token at every sign-in and ends the one the browser held before', async () => {
    const first = await signUpAndSignIn(app);
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: {
        origin: 'http://localhost:3000',
        'content-type': 'application/x-www-form-urlencoded',
        cookie: first.cookie,
      },
      payload: new URLSearchParams({ username: first.user.email, password: TEST_PASSWORD }).toString(),
    });
    expect(again.statusCode).toBe(200);
    const second = again.cookies.find((c) => c.name === 'numero_session')!.value;
    expect(`numero_session=${second}`).not.toBe(first.cookie);
    expect((await me(first.cookie)).statusCode).toBe(401);
    expect((await me(`numero_session=${second}`)).statusCode).toBe(200);
    // Another device keeps its own session.
    const other = await signIn(app, first.user.email, TEST_PASSWORD);
    expect((await me(other.cookie)).statusCode).toBe(200);
    expect((await me(`numero_session=${second}`)).statusCode).toBe(200);
  });

  it('refuses a logged-out cookie', async () => {
    const { cookie } = await signUpAndSignIn(app);
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { origin: 'http://localhost:3000', cookie },
    });
    const res = await me(cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('refuses a deactivated user on the next request and drops the session', async () => {
    const { cookie, user } = await signUpAndSignIn(app);
    expect((await me(cookie)).statusCode).toBe(200);
    await db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const res = await me(cookie);
    expect(res.statusCode).toBe(401);
    expect(await sessionRow(cookie)).toBeUndefined();
    // Reactivated, the old cookie stays dead: a new sign-in is needed.
    await db.update(users).set({ isActive: true }).where(eq(users.id, user.id));
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('applies a role change on the next request, both ways', async () => {
    const { cookie, user } = await signUpAndSignIn(app);
    const adminOnly = () => app.inject({ url: '/api/v1/test/admin-only', headers: { cookie } });
    expect((await adminOnly()).statusCode).toBe(403);
    await db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, user.id));
    expect((await adminOnly()).statusCode).toBe(200);
    expect((await me(cookie)).json().role).toBe('ADMIN');
    await db.update(users).set({ role: 'USER' }).where(eq(users.id, user.id));
    expect((await adminOnly()).statusCode).toBe(403);
  });

  it('expires after 30 idle minutes', async () => {
    const { cookie } = await signUpAndSignIn(app);
    clock.advance(SESSION_IDLE_MS - MINUTE);
    expect((await me(cookie)).statusCode).toBe(200);
    clock.advance(SESSION_IDLE_MS);
    const res = await me(cookie);
    expect(res.statusCode).toBe(401);
    // The server forgets it and tells the browser to drop the cookie.
    expect(await sessionRow(cookie)).toBeUndefined();
    expect(res.cookies.find((c) => c.name === 'numero_session')?.value).toBe('');
  });

  it('slides the idle expiry with use, writing last_seen_at at most once a minute', async () => {
    const { cookie } = await signUpAndSignIn(app);
    const signedInAt = clock.now().getTime();
    clock.advance(30_000);
    await me(cookie);
    expect((await sessionRow(cookie))!.lastSeenAt.getTime()).toBe(signedInAt);
    clock.advance(31_000);
    await me(cookie);
    expect((await sessionRow(cookie))!.lastSeenAt.getTime()).toBe(clock.now().getTime());
    // Used every 29 minutes, it lives well past 30 minutes from sign-in.
    for (let i = 0; i < 4; i++) {
      clock.advance(29 * MINUTE);
      expect((await me(cookie)).statusCode).toBe(200);
    }
    expect(clock.now().getTime() - signedInAt).toBeGreaterThan(2 * SESSION_IDLE_MS);
  });

  it('ends 7 days after sign-in however active', async () => {
    const { cookie } = await signUpAndSignIn(app);
    const signedInAt = clock.now().getTime();
    const step = 29 * MINUTE;
    while (clock.now().getTime() + step < signedInAt + SESSION_ABSOLUTE_MS) {
      clock.advance(step);
      expect((await me(cookie)).statusCode).toBe(200);
    }
    clock.advance(signedInAt + SESSION_ABSOLUTE_MS - clock.now().getTime());
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('lets the housekeeping task drop expired sessions', async () => {
    const { cookie } = await signUpAndSignIn(app);
    const live = await signUpAndSignIn(app);
    clock.advance(SESSION_IDLE_MS - MINUTE);
    await me(live.cookie);
    clock.advance(2 * MINUTE);
    await app.scheduler.runOnce();
    expect(await sessionRow(cookie)).toBeUndefined();
    expect(await sessionRow(live.cookie)).toBeDefined();
  });

  it('ignores a cookie that is not one of its tokens', async () => {
    for (const cookie of ['numero_session=', 'numero_session=abc', `numero_session=${'A'.repeat(43)}`]) {
      const res = await me(cookie);
      expect(res.statusCode).toBe(401);
    }
  });
});
