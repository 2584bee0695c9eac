import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, emailTokens, mailOutbox, users } from '../../db/schema/index.ts';
import { createClock, createTestApp, signIn, TEST_ORIGIN, TEST_PASSWORD } from '../../test/helpers.ts';
import { CHANGE_TTL_MS, VERIFY_TTL_MS } from './email-address.ts';

describe('e-mail verification and e-mail change', async () => {
  const clock = createClock();
  const { app, database } = await createTestApp({
    now: clock.now,
    env: { REQUIRE_EMAIL_VERIFICATION: 'true' },
  });
  const { db } = database;
  let seq = 0;
  const address = () => `198.18.0.${++seq}`;

  const post = (url: string, payload: unknown, cookie?: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      remoteAddress: address(),
      payload: payload as Record<string, unknown>,
    });
  const login = (email: string, password = TEST_PASSWORD) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: address(),
      payload: new URLSearchParams({ username: email, password }).toString(),
    });
  const mails = (to: string, template: string) =>
    db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.template, template)));
  /** The token of the newest confirmation link e-mailed to this address. */
  async function linkToken(to: string, template: string): Promise<string> {
    const text = (await mails(to, template)).at(-1)?.textBody ?? '';
    const token = /verify-email#token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    if (!token) throw new Error(`no confirmation link mailed to ${to}`);
    return token;
  }
  async function register(lang = 'pt-BR') {
    const email = `v${++seq}@numero.test`;
    const res = await post('/api/v1/auth/register', {
      email,
      password: TEST_PASSWORD,
      preferred_language: lang,
      preferred_currency: 'BRL',
    });
    expect(res.statusCode).toBe(201);
    return email;
  }
  const verify = (token: string) => post('/api/v1/auth/email/verify', { token });

  it('says so on /auth/providers, and refuses sign-in until the link from the e-mail is opened, once', async () => {
    expect((await app.inject({ url: '/api/v1/auth/providers' })).json()).toMatchObject({
      email_verification: true,
    });
    const email = await register();
    const refused = await login(email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('EMAIL_NOT_VERIFIED');
    const [mail] = await mails(email, 'email_verify');
    expect(mail?.subject).toBe('Confirme seu email — Numero');
    const token = await linkToken(email, 'email_verify');
    // Only the hash is stored.
    expect((await db.select().from(emailTokens)).some((r) => r.tokenHash.includes(token))).toBe(false);

    expect((await verify(token)).statusCode).toBe(204);
    expect((await login(email)).statusCode).toBe(200);
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('EMAIL_TOKEN_USED');
  });

  it('resends a link only to an unconfirmed account, answering alike for any address; the old link stops working', async () => {
    const email = await register('en-US');
    const first = await linkToken(email, 'email_verify');
    const resent = await post('/api/v1/auth/email/resend', { email: email.toUpperCase() });
    const unknown = await post('/api/v1/auth/email/resend', { email: 'nobody@numero.test' });
    expect(resent.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(resent.body).toBe(unknown.body);
    const sent = await mails(email, 'email_verify');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.subject).toBe('Confirm your email — Numero');
    expect((await verify(first)).json().code).toBe('EMAIL_TOKEN_USED');
    expect((await verify(await linkToken(email, 'email_verify'))).statusCode).toBe(204);
    // A confirmed account gets no more links.
    await post('/api/v1/auth/email/resend', { email });
    expect(await mails(email, 'email_verify')).toHaveLength(2);
    // Three resends an hour per address, then 429.
    const other = await register();
    for (let i = 0; i < 3; i++)
      expect((await post('/api/v1/auth/email/resend', { email: other })).statusCode).toBe(202);
    expect((await post('/api/v1/auth/email/resend', { email: other })).statusCode).toBe(429);
  });

  it('counts a password reset link opened from the mailbox as a confirmed address', async () => {
    const email = await register();
    expect((await post('/api/v1/auth/password/forgot', { email })).statusCode).toBe(202);
    const text = (await mails(email, 'password_reset')).at(-1)?.textBody ?? '';
    const token = /reset-password#token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    const reset = await post('/api/v1/auth/password/reset', { token, password: 'senha-nova-bem-longa-9' });
    expect(reset.statusCode).toBe(204);
    expect((await login(email, 'senha-nova-bem-longa-9')).statusCode).toBe(200);
  });

  it('refuses a bad, expired or malformed link and bad input with a clear 4xx', async () => {
    const email = await register();
    const token = await linkToken(email, 'email_verify');
    clock.advance(VERIFY_TTL_MS + 1);
    const expired = await verify(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({
      code: 'EMAIL_TOKEN_EXPIRED',
      detail: 'Este link de confirmação expirou. Peça um novo.',
    });
    expect((await verify('A'.repeat(43))).json().code).toBe('EMAIL_TOKEN_INVALID');
    expect((await verify('short')).json().code).toBe('EMAIL_TOKEN_INVALID');
    expect((await post('/api/v1/auth/email/verify', {})).statusCode).toBe(422);
    expect((await post('/api/v1/auth/email/resend', { email: 'not-an-email' })).statusCode).toBe(422);
  });

  it('changes the address only once the link sent to the new one is opened; the old one is told', async () => {
    const email = await register();
    await verify(await linkToken(email, 'email_verify'));
    const { cookie, user } = await signIn(app, email, TEST_PASSWORD);
    const change = (payload: unknown) => post('/api/v1/users/me/email', payload, cookie);
    const next = `new-${email}`;

    const wrong = await change({ new_email: next, password: 'not-my-password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('CURRENT_PASSWORD_WRONG');
    expect((await change({ new_email: email.toUpperCase(), password: TEST_PASSWORD })).json().code).toBe(
      'EMAIL_UNCHANGED',
    );
    const taken = await change({ new_email: 'admin@numero.test', password: TEST_PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('EMAIL_TAKEN');
    expect((await change({ new_email: 'nope', password: TEST_PASSWORD })).statusCode).toBe(422);

    expect((await change({ new_email: ` ${next.toUpperCase()} `, password: TEST_PASSWORD })).statusCode).toBe(
      202,
    );
    const [told] = await mails(email, 'email_change_requested');
    expect(told?.textBody).toContain(`Foi pedida a troca do email da sua conta Numero para ${next}.`);
    const token = await linkToken(next, 'email_change_confirm');
    // Nothing changes before the link is opened.
    expect((await db.select().from(users).where(eq(users.id, user.id)))[0]?.email).toBe(email);
    expect((await login(email)).statusCode).toBe(200);

    expect((await verify(token)).statusCode).toBe(204);
    expect((await db.select().from(users).where(eq(users.id, user.id)))[0]?.email).toBe(next);
    expect((await login(next)).statusCode).toBe(200);
    expect((await login(email)).statusCode).toBe(401);
    const [audit] = await db.select().from(auditLogs).where(eq(auditLogs.action, 'EMAIL_CHANGED'));
    expect(audit).toMatchObject({ entityId: user.id, before: { email }, after: { email: next } });
    expect((await verify(token)).json().code).toBe('EMAIL_TOKEN_USED');
  });

  it('does not apply a change to an address someone took meanwhile, nor after 24 hours', async () => {
    const email = await register();
    await verify(await linkToken(email, 'email_verify'));
    const { cookie } = await signIn(app, email, TEST_PASSWORD);
    const contested = `contested-${seq}@numero.test`;
    expect(
      (await post('/api/v1/users/me/email', { new_email: contested, password: TEST_PASSWORD }, cookie))
        .statusCode,
    ).toBe(202);
    const token = await linkToken(contested, 'email_change_confirm');
    // Someone else's account gets that address before the link is opened.
    const rival = await register();
    await db.update(users).set({ email: contested }).where(eq(users.email, rival));
    const clash = await verify(token);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('EMAIL_TAKEN');

    const later = `later-${seq}@numero.test`;
    expect(
      (await post('/api/v1/users/me/email', { new_email: later, password: TEST_PASSWORD }, cookie))
        .statusCode,
    ).toBe(202);
    const lateToken = await linkToken(later, 'email_change_confirm');
    clock.advance(CHANGE_TTL_MS + 1);
    expect((await verify(lateToken)).json().code).toBe('EMAIL_TOKEN_EXPIRED');
  });
});
