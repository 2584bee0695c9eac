import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index.ts';
import {
  createClock,
  createTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  TEST_ORIGIN,
} from '../../test/helpers.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { mailBackoffMs } from './mail.service.ts';

const forgot = (app: Awaited<ReturnType<typeof createTestApp>>['app'], email: string, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/password/forgot',
    headers: { origin: TEST_ORIGIN },
    remoteAddress: ip,
    payload: { email },
  });

async function register(app: Awaited<ReturnType<typeof createTestApp>>['app'], email: string, lang: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    headers: { origin: TEST_ORIGIN },
    remoteAddress: `198.51.100.${Math.floor(Math.random() * 200) + 1}`,
    payload: { email, password: 'uma-senha-de-teste-bem-longa', preferred_language: lang },
  });
  expect(res.statusCode).toBe(201);
}

describe('mail: offline, the outbox keeps every message and the demo shows it to its recipient', async () => {
  const { app, database } = await createTestApp();
  await register(app, 'outbox-en@numero.test', 'en-US');

  it('keeps the message in the outbox, in the recipient language, as text and HTML', async () => {
    expect((await forgot(app, 'outbox-en@numero.test', '203.0.113.1')).statusCode).toBe(202);
    const [row] = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'outbox-en@numero.test'));
    expect(row?.status).toBe('outbox');
    expect(row?.subject).toBe('Password reset — Numero');
    expect(row?.textBody).toContain('/reset-password#token=');
    expect(row?.htmlBody).toContain('<a href="http://localhost:3000/reset-password#token=');
  });

  it('shows nobody else a reset link: anonymous visitors nothing, customers their own, staff without links', async () => {
    const alice = await signUpAndSignIn(app, { email: 'alice-outbox@numero.test' });
    const bob = await signUpAndSignIn(app, { email: 'bob-outbox@numero.test' });
    expect((await forgot(app, 'alice-outbox@numero.test', '203.0.113.2')).statusCode).toBe(202);
    expect((await forgot(app, 'bob-outbox@numero.test', '203.0.113.3')).statusCode).toBe(202);
    const outbox = (cookie?: string) =>
      app.inject({ url: '/api/v1/demo/outbox', headers: cookie ? { cookie } : {} });
    type Item = { to: string; subject: string; text: string };
    const items = async (cookie: string): Promise<Item[]> => (await outbox(cookie)).json().items;
    const resetLink = /\/reset-password#token=[\w-]{20,}/;

    // The takeover the public outbox allowed: a visitor reading a victim's reset link.
    const anonymous = await outbox();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('#token=');

    const alices = await items(alice.cookie);
    expect(new Set(alices.map((m) => m.to))).toEqual(new Set(['alice-outbox@numero.test']));
    expect(alices.some((m) => resetLink.test(m.text))).toBe(true);
    expect((await items(bob.cookie)).map((m) => m.to)).toEqual(['bob-outbox@numero.test']);

    const staffView = await items((await signInAsAdmin(app)).cookie);
    expect(staffView.map((m) => m.to)).toEqual(
      expect.arrayContaining(['alice-outbox@numero.test', 'bob-outbox@numero.test', 'outbox-en@numero.test']),
    );
    expect(staffView.some((m) => resetLink.test(m.text) || /verify-email#token=\w/.test(m.text))).toBe(false);
    expect(staffView.filter((m) => m.text.includes('#token=…')).length).toBeGreaterThanOrEqual(3);
  });
});

describe('mail: the demo outbox does not exist outside the demo', async () => {
  const { app } = await createTestApp({ env: { DEMO_MODE: 'false' } });
  it('answers 404', async () => {
    const res = await app.inject({ url: '/api/v1/demo/outbox' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});

describe('mail: an SMTP outage delays mail and loses none', async () => {
  // A port with nobody listening yet: the relay is "down" until the sink starts on it.
  const probe = await startSmtpSink();
  const port = probe.port;
  await probe.close();
  const clock = createClock();
  const { app, database } = await createTestApp({
    now: clock.now,
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Numero <no-reply@numero.test>' },
  });
  let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
  afterAll(async () => sink?.close());
  await register(app, 'smtp-pt@numero.test', 'pt-BR');

  it('retries with backoff until the relay takes the message, then sends it once', async () => {
    expect((await forgot(app, 'smtp-pt@numero.test', '203.0.113.3')).statusCode).toBe(202);
    await app.scheduler.runOnce();
    const [failed] = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'smtp-pt@numero.test'));
    expect(failed?.status).toBe('queued');
    expect(failed?.attempts).toBe(1);
    expect(failed?.lastError).toBeTruthy();
    expect(new Date(failed!.nextAttemptAt).getTime()).toBe(clock.now().getTime() + mailBackoffMs(1));

    sink = await startSmtpSink(port);
    // Not due yet: nothing is sent before the backoff ends.
    await app.scheduler.runOnce();
    expect(sink.received).toHaveLength(0);

    clock.advance(mailBackoffMs(1));
    await app.scheduler.runOnce();
    expect(sink.received).toHaveLength(1);
    const mail = sink.received[0]!;
    expect(mail.to).toEqual(['smtp-pt@numero.test']);
    expect(mail.raw).toContain('Recebemos um pedido para redefinir a senha da sua conta Numero.');
    expect(mail.raw).toContain('From: Numero <no-reply@numero.test>');
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(mail.raw).toMatch(/reset-password#token=[A-Za-z0-9_-]{43}/);

    const [sent] = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'smtp-pt@numero.test'));
    expect(sent?.status).toBe('sent');
    clock.advance(60 * 60_000);
    await app.scheduler.runOnce();
    expect(sink.received).toHaveLength(1);
  });

  it('lets two senders share the queue without sending a message twice', async () => {
    await register(app, 'smtp-twice@numero.test', 'en-US');
    expect((await forgot(app, 'smtp-twice@numero.test', '203.0.113.4')).statusCode).toBe(202);
    const before = sink!.received.length;
    await Promise.all([app.scheduler.runOnce(), app.scheduler.runOnce()]);
    expect(sink!.received.length - before).toBe(1);
  });
});
