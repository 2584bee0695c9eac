import { createHash } from 'node:crypto';
import { API_KEY_PATTERN, MAX_ACTIVE_API_KEYS } from '@numero/contract/account';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { queryRows } from '../../db/sql.ts';
import {
  createClock,
  createTestApp,
  type SignedIn,
  signUpAndSignIn,
  TEST_ORIGIN,
} from '../../test/helpers.ts';
import { callProtocol, createApiKey } from '../../test/reseller-fixture.ts';

describe('API keys', async () => {
  const clock = createClock(new Date('2025-03-01T12:00:00Z'));
  const { app, database } = await createTestApp({ now: clock.now });

  const list = (who: SignedIn) => app.inject({ url: '/api/v1/api-keys', headers: { cookie: who.cookie } });
  const create = (who: SignedIn, payload: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: { origin: TEST_ORIGIN, cookie: who.cookie },
      payload: payload as object,
    });
  const revoke = (who: SignedIn, id: string) =>
    app.inject({
      method: 'DELETE',
      url: `/api/v1/api-keys/${id}`,
      headers: { origin: TEST_ORIGIN, cookie: who.cookie },
    });
  const balanceCall = (key: string) => callProtocol(app, { api_key: key, action: 'getBalance' });

  it('shows the full key once, stores only its hash, and lists it by prefix', async () => {
    const owner = await signUpAndSignIn(app);
    const res = await create(owner, { name: '  Meu bot  ' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const created = res.json();
    expect(created.key).toMatch(API_KEY_PATTERN);
    expect(created).toMatchObject({ name: 'Meu bot', prefix: created.key.slice(0, 8), last_used_at: null });

    const listed = await list(owner);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({
      items: [
        {
          id: created.id,
          name: 'Meu bot',
          prefix: created.key.slice(0, 8),
          created_at: '2025-03-01T12:00:00.000Z',
          last_used_at: null,
          currency: 'BRL',
          webhook_url: null,
        },
      ],
      total: 1,
      skip: 0,
      limit: 20,
    });
    expect(listed.body).not.toContain(created.key);

    // The database holds the sha-256 of the key and nothing from which the key could be read back.
    const [row] = await queryRows<{ key_hash: string; whole: string }>(
      database.db,
      sql`SELECT key_hash, t::text AS whole FROM api_keys t WHERE id = ${created.id}`,
    );
    expect(row!.key_hash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(row!.whole).not.toContain(created.key.slice(8));

    const [audits] = await queryRows<{ n: number; leaked: number }>(
      database.db,
      sql`SELECT count(*)::int AS n,
                 count(*) FILTER (WHERE concat(before::text, after::text) LIKE ${`%${created.key.slice(8)}%`})::int AS leaked
          FROM audit_logs WHERE entity_type = 'api_keys' AND entity_id = ${created.id} AND action = 'CREATE'`,
    );
    expect(audits).toEqual({ n: 1, leaked: 0 });

    expect(await balanceCall(created.key)).toMatchObject({ status: 200, body: 'ACCESS_BALANCE:0.00' });
  });

  it('refuses a sixth live key, and takes one again after a revocation', async () => {
    const owner = await signUpAndSignIn(app);
    const ids: string[] = [];
    for (let i = 0; i < MAX_ACTIVE_API_KEYS; i++)
      ids.push((await create(owner, { name: `k${i}` })).json().id);
    const sixth = await create(owner, { name: 'one too many' });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toMatchObject({ code: 'API_KEY_LIMIT' });
    expect(sixth.json().detail).toContain('5');

    expect((await revoke(owner, ids[0]!)).statusCode).toBe(204);
    expect((await create(owner, { name: 'replacement' })).statusCode).toBe(201);
    expect((await list(owner)).json().total).toBe(MAX_ACTIVE_API_KEYS);
  });

  it('revokes only the caller’s own keys; a revoked key answers BAD_KEY', async () => {
    const owner = await signUpAndSignIn(app);
    const stranger = await signUpAndSignIn(app);
    const res = await create(owner, { name: 'production' });
    const { id, key } = res.json();

    const foreign = await revoke(stranger, id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'API_KEY_NOT_FOUND' });
    expect((await list(stranger)).json().total).toBe(0);
    expect((await balanceCall(key)).body).toBe('ACCESS_BALANCE:0.00');

    expect((await revoke(owner, id)).statusCode).toBe(204);
    expect((await revoke(owner, id)).statusCode).toBe(404);
    expect((await list(owner)).json()).toMatchObject({ items: [], total: 0 });
    expect(await balanceCall(key)).toMatchObject({ status: 200, body: 'BAD_KEY' });

    const [audit] = await queryRows<{ actor_id: string; before: { name: string; prefix: string } }>(
      database.db,
      sql`SELECT actor_id, before FROM audit_logs WHERE entity_type = 'api_keys' AND entity_id = ${id} AND action = 'DELETE'`,
    );
    expect(audit).toEqual({
      actor_id: owner.user.id,
      before: { name: 'production', prefix: key.slice(0, 8) },
    });
  });

  it('answers BAD_KEY for unknown and malformed keys and for a deactivated owner', async () => {
    const owner = await signUpAndSignIn(app);
    const key = await createApiKey(app, owner);
    expect((await balanceCall(`nk_${'A'.repeat(43)}`)).body).toBe('BAD_KEY');
    expect((await balanceCall('not a key')).body).toBe('BAD_KEY');
    expect((await callProtocol(app, { action: 'getBalance' })).body).toBe('BAD_KEY');

    await database.db.update(users).set({ isActive: false }).where(eq(users.id, owner.user.id));
    expect((await balanceCall(key)).body).toBe('BAD_KEY');
  });

  it('records the last use at most once a minute', async () => {
    const owner = await signUpAndSignIn(app);
    const key = await createApiKey(app, owner);
    const lastUsed = async () => (await list(owner)).json().items[0].last_used_at;

    await balanceCall(key);
    const first = await lastUsed();
    expect(first).toBe(clock.now().toISOString());
    clock.advance(30_000);
    await balanceCall(key);
    expect(await lastUsed()).toBe(first);
    clock.advance(31_000);
    await balanceCall(key);
    expect(await lastUsed()).toBe(clock.now().toISOString());
  });

  it('validates the name', async () => {
    const owner = await signUpAndSignIn(app);
    for (const payload of [{}, { name: '   ' }, { name: 'x'.repeat(61) }, { name: 'ok', extra: 1 }]) {
      expect((await create(owner, payload)).statusCode).toBe(422);
    }
    expect((await list(owner)).json().total).toBe(0);
  });
});
