import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, mailOutbox, passwordResets } from '../../db/schema/index.ts';
import { accountsTestBed } from '../../test/accounts-fixture.ts';
import { TEST_ORIGIN } from '../../test/helpers.ts';
import { RESET_REQUESTS_PER_ADDRESS, RESET_REQUESTS_PER_EMAIL, RESET_TTL_MS } from './password-reset.ts';

const NEW_PASSWORD = 'outra-senha-bem-comprida-42';

describe('password reset', async () => {
  const { clock, app, db, newAddress, login, newUser } = await accountsTestBed();

  const forgot = (payload: unknown, remoteAddress = newAddress(), headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/forgot',
      headers: { origin: TEST_ORIGIN, ...headers },
      remoteAddress,
      payload: payload as Record<string, unknown>,
    });
  const reset = (payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/reset',
      headers: { origin: TEST_ORIGIN, ...headers },
      remoteAddress: newAddress(),
      payload: payload as Record<string, unknown>,
    });
  const mailsTo = (email: string, template: string) =>
    db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, template)));
  /** The token of the newest reset link e-mailed to this address. */
  async function linkToken(email: string): Promise<string> {
    const rows = await mailsTo(email, 'password_reset');
    const text = rows.at(-1)?.textBody ?? '';
    const token = /reset-password#token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    if (!token) throw new Error(`no reset link mailed to ${email}`);
    return token;
  }

  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const { email } = await newUser();
    const known = await forgot({ email: ` ${email.toUpperCase()} ` });
    const unknown = await forgot({ email: 'nobody-here@numero.test' });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(await mailsTo(email, 'password_reset')).toHaveLength(1);
    expect(await mailsTo('nobody-here@numero.test', 'password_reset')).toHaveLength(0);
    // Only the hash of the token is stored.
    const token = await linkToken(email);
    const stored = await db.select().from(passwordResets);
    expect(stored.some((r) => r.tokenHash.includes(token))).toBe(false);
  });

  it('sets a new password once: the old one fails, every session ends, the user is told', async () => {
    const { email, password } = await newUser();
    const phone = await login(email, password, { remoteAddress: newAddress() });
    const laptop = await login(email, password, { remoteAddress: newAddress() });
    const cookies = [phone, laptop].map((r) => {
      const c = r.cookies.find((k) => k.name === 'numero_session')!;
      return `${c.name}=${c.value}`;
    });
    expect((await forgot({ email })).statusCode).toBe(202);
    const token = await linkToken(email);

    const done = await reset({ token, password: NEW_PASSWORD });
    expect(done.statusCode).toBe(204);
    for (const cookie of cookies) {
      const me = await app.inject({ url: '/api/v1/users/me', headers: { cookie } });
      expect(me.statusCode).toBe(401);
    }
    expect((await login(email, password, { remoteAddress: newAddress() })).statusCode).toBe(401);
    expect((await login(email, NEW_PASSWORD, { remoteAddress: newAddress() })).statusCode).toBe(200);
    const notices = await mailsTo(email, 'password_changed');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.textBody).toContain('todas as sessões abertas foram encerradas');
    const audit = await db.select().from(auditLogs).where(eq(auditLogs.action, 'PASSWORD_RESET'));
    expect(audit.some((a) => a.actorEmail === email)).toBe(true);

    const again = await reset({ token, password: 'mais-uma-senha-comprida-7' });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('RESET_TOKEN_USED');
    expect(again.json().detail).toBe(
      'Este link de redefinição de senha já foi usado. Peça um novo link se precisar.',
    );
  });

  it('refuses a link after 30 minutes', async () => {
    const { email, password } = await newUser();
    await forgot({ email });
    const token = await linkToken(email);
    clock.advance(RESET_TTL_MS);
    const res = await reset({ token, password: NEW_PASSWORD }, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'RESET_TOKEN_EXPIRED',
      detail: 'This password reset link has expired. Please ask for a new link.',
    });
    expect((await login(email, password, { remoteAddress: newAddress() })).statusCode).toBe(200);
  });

  it('refuses a weak password with the registration rules and keeps the link usable', async () => {
    const { email } = await newUser();
    await forgot({ email });
    const token = await linkToken(email);
    const common = await reset({ token, password: 'password123' });
    expect(common.statusCode).toBe(422);
    expect(common.json().code).toBe('PASSWORD_TOO_COMMON');
    const short = await reset({ token, password: 'abc' });
    expect(short.statusCode).toBe(422);
    expect(short.json().code).toBe('VALIDATION_ERROR');
    expect((await reset({ token, password: NEW_PASSWORD })).statusCode).toBe(204);
  });

  it('makes an older link worthless once a newer one was used', async () => {
    const { email } = await newUser();
    await forgot({ email });
    const first = await linkToken(email);
    await forgot({ email });
    const second = await linkToken(email);
    expect(second).not.toBe(first);
    expect((await reset({ token: second, password: NEW_PASSWORD })).statusCode).toBe(204);
    expect((await reset({ token: first, password: NEW_PASSWORD })).json().code).toBe('RESET_TOKEN_USED');
  });

  it('limits requests per account address and per client address (429), whether the account exists or not', async () => {
    const perEmail = 'flood-target@numero.test';
    for (let i = 0; i < RESET_REQUESTS_PER_EMAIL.limit; i++)
      expect((await forgot({ email: perEmail })).statusCode).toBe(202);
    const limited = await forgot({ email: perEmail });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');

    const ip = newAddress();
    for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS.limit; i++)
      expect((await forgot({ email: `spray-${i}@numero.test` }, ip)).statusCode).toBe(202);
    expect((await forgot({ email: 'spray-last@numero.test' }, ip)).statusCode).toBe(429);
  });

  it('answers bad input with a 4xx and {detail, code}', async () => {
    const cases: [string, () => ReturnType<typeof reset>, number, string][] = [
      ['forgot, empty object', () => forgot({}), 422, 'VALIDATION_ERROR'],
      ['forgot, not an email', () => forgot({ email: 'nope' }), 422, 'VALIDATION_ERROR'],
      ['forgot, extra field', () => forgot({ email: 'a@b.co', admin: true }), 422, 'VALIDATION_ERROR'],
      [
        'forgot, text/plain',
        () => forgot('a@b.co', newAddress(), { 'content-type': 'text/plain' }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      ['reset, empty object', () => reset({}), 422, 'VALIDATION_ERROR'],
      [
        'reset, unknown token',
        () => reset({ token: 'x'.repeat(43), password: NEW_PASSWORD }),
        400,
        'RESET_TOKEN_INVALID',
      ],
      [
        'reset, malformed token',
        () => reset({ token: '../../etc', password: NEW_PASSWORD }),
        400,
        'RESET_TOKEN_INVALID',
      ],
      [
        'reset, token too long',
        () => reset({ token: 'x'.repeat(500), password: NEW_PASSWORD }),
        422,
        'VALIDATION_ERROR',
      ],
      [
        'reset, numeric password',
        () => reset({ token: 'x'.repeat(43), password: 12345678 }),
        422,
        'VALIDATION_ERROR',
      ],
    ];
    for (const [name, call, status, code] of cases) {
      const res = await call();
      expect(res.statusCode, name).toBe(status);
      expect(res.json().code, name).toBe(code);
      expect(typeof res.json().detail, name).toBe('string');
    }
  });
});
