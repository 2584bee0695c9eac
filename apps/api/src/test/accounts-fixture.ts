import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLogs } from '../db/schema/index.ts';
import { createClock, createTestApp, TEST_ORIGIN, TEST_PASSWORD } from './helpers.ts';

export const FORM = 'application/x-www-form-urlencoded';
export const form = (data: Record<string, string>) => new URLSearchParams(data).toString();

/** A store and the calls the sign-up, sign-in and sign-out tests make, each from an address of its own. */
export async function accountsTestBed() {
  const clock = createClock();
  const { app, database } = await createTestApp({ now: clock.now });
  const { db } = database;
  let addressSeq = 0;
  /** A fresh client address, so the per-address limits of one test do not spill into another. */
  const newAddress = () => `192.0.2.${++addressSeq}`;

  const register = (body: unknown, opts: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { origin: TEST_ORIGIN, ...opts.headers },
      remoteAddress: opts.remoteAddress ?? newAddress(),
      payload: body as Record<string, unknown>,
    });
  const login = (
    username: string,
    password: string,
    opts: { remoteAddress?: string; headers?: Record<string, string> } = {},
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { origin: TEST_ORIGIN, 'content-type': FORM, ...opts.headers },
      remoteAddress: opts.remoteAddress ?? '127.0.0.1',
      payload: form({ username, password }),
    });
  const newUser = async (email = `u${++addressSeq}@numero.test`, password = TEST_PASSWORD) => {
    const res = await register({ email, password, preferred_language: 'pt-BR', preferred_currency: 'BRL' });
    expect(res.statusCode).toBe(201);
    return { email, password, id: res.json().user.id as string };
  };
  const auditRows = async (action: string) => db.select().from(auditLogs).where(eq(auditLogs.action, action));
  return { clock, app, database, db, newAddress, register, login, newUser, auditRows };
}
