import { sql } from 'drizzle-orm';
import { queryRows } from '../db/sql.ts';
import { createLedgerRepository } from '../features/ledger/ledger.repository.ts';
import { createLedgerService } from '../features/ledger/ledger.service.ts';
import { topUp } from './activations-fixture.ts';
import { createTestApp, type SignedIn, signInAsAdmin, TEST_ORIGIN, TEST_PASSWORD } from './helpers.ts';

/**
 * The staff user screens' store: an admin signed in, two customers (Ana with money in both wallets,
 * Bruno) and an inactive user, and the calls the tests make.
 */
export async function adminUsersTestBed() {
  const { app, database } = await createTestApp();
  const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });
  const admin = await signInAsAdmin(app);

  const send = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    who: SignedIn | undefined,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN, ...(who ? { cookie: who.cookie } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
  const list = (query = '', who: SignedIn = admin) => send('GET', `/api/v1/admin/users${query}`, who);
  // Always JSON, so that a bare string or an array is sent as JSON too.
  const patchUser = (id: string, body: unknown, who: SignedIn | undefined = admin) =>
    send('PATCH', `/api/v1/users/${id}`, who, JSON.stringify(body), { 'content-type': 'application/json' });
  const setRole = (id: string, body: unknown, who: SignedIn = admin) =>
    send('PATCH', `/api/v1/admin/users/${id}/role`, who, JSON.stringify(body), {
      'content-type': 'application/json',
    });
  const create = (body: Record<string, unknown>, who: SignedIn = admin) =>
    send('POST', '/api/v1/users/register', who, body);
  const me = (who: SignedIn) => app.inject({ url: '/api/v1/users/me', headers: { cookie: who.cookie } });
  const auditOf = (entityId: string) =>
    queryRows<{
      action: string;
      actor_id: string | null;
      actor_email: string | null;
      ip: string | null;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }>(
      database.db,
      sql`SELECT action, actor_id, actor_email, ip, before, after FROM audit_logs
          WHERE entity_id = ${entityId} ORDER BY id`,
    );

  // A small, known population for the list: three named accounts made by the admin.
  const ana = (
    await create({
      email: 'ana.souza@numero.test',
      password: TEST_PASSWORD,
      role: 'PREMIUM',
      profile: { full_name: 'Ana Souza', phone_number: '+55 11 91234-5678' },
    })
  ).json();
  const bruno = (
    await create({
      email: 'bruno@numero.test',
      password: TEST_PASSWORD,
      role: 'USER',
      preferred_currency: 'USD',
      preferred_language: 'en-US',
      profile: { full_name: 'Bruno Lima' },
    })
  ).json();
  await create({
    email: 'carla@exemplo.test',
    password: TEST_PASSWORD,
    role: 'USER',
    is_active: false,
    profile: { full_name: 'Carla Souza' },
  });
  await topUp(database, ledger, ana.id, 12_345, 'BRL');
  await topUp(database, ledger, ana.id, 999, 'USD');
  return { app, database, ledger, admin, send, list, patchUser, setRole, create, me, auditOf, ana, bruno };
}
