import { describe, expect, it } from 'vitest';
import { signUpAndSignIn, TEST_ORIGIN } from '../../test/helpers.ts';
import { createStaffFixture } from '../../test/staff-fixture.ts';

const DUMMY = '00000000-0000-4000-8000-000000000000';

describe('a user’s detail for staff', async () => {
  const f = await createStaffFixture();
  const { app, admin } = f;
  const buyer = await f.customer(5_000);
  await f.buy(buyer);
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: { origin: TEST_ORIGIN, cookie: buyer.cookie },
    payload: { name: 'meu bot' },
  });
  const key = created.json() as { id: string; key: string };
  const detailUrl = (id = buyer.user.id) => `/api/v1/admin/users/${id}/detail`;
  const revokeUrl = (keyId = key.id, id = buyer.user.id) =>
    `/api/v1/admin/users/${id}/api-keys/${keyId}/revoke`;
  const revoke = (url: string, who = admin) =>
    app.inject({ method: 'POST', url, headers: { origin: TEST_ORIGIN, cookie: who.cookie } });

  it('shows orders, money, sessions, API keys and the audit trail of one customer', async () => {
    expect(created.statusCode).toBe(201);
    const res = await f.get(detailUrl());
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const d = res.json();
    expect(d.user.email).toBe(buyer.user.email);
    expect(d.orders).toHaveLength(1);
    expect(d.orders[0]).toMatchObject({ service_code: 'wa', country_code: 'BR', currency: 'BRL' });
    const price = d.orders[0].price as number;
    expect(d.balances.BRL).toBe(5_000 - price);
    expect(d.transactions.map((t: { kind: string; amount: number }) => [t.kind, t.amount])).toEqual([
      ['purchase', -price],
      ['topup', 5_000],
    ]);
    expect(d.sessions.length).toBeGreaterThan(0);
    expect(d.api_keys).toEqual([expect.objectContaining({ id: key.id, name: 'meu bot', revoked_at: null })]);
    expect(JSON.stringify(d)).not.toContain(key.key);
    expect(d.audit.map((a: { action: string }) => a.action)).toEqual(expect.arrayContaining(['LOGIN']));
  });

  it("describes the customer's transactions in the staff member's language", async () => {
    const adjusted = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${buyer.user.id}/wallet-adjustments`,
      headers: { origin: TEST_ORIGIN, cookie: admin.cookie },
      payload: { currency: 'BRL', amount: 1_000, reason: 'crédito de cortesia' },
    });
    expect(adjusted.statusCode).toBe(201);
    const first = async (lang: string) =>
      (await f.get(detailUrl(), admin, { 'accept-language': lang })).json().transactions[0];
    expect(await first('pt-BR')).toMatchObject({ kind: 'adjustment', description: 'Ajuste de saldo' });
    expect(await first('en')).toMatchObject({ kind: 'adjustment', description: 'Balance adjustment' });
  });

  it('lets a MANAGER read it, but only an ADMIN revoke a key', async () => {
    const manager = await signUpAndSignIn(app, { role: 'MANAGER' });
    expect((await f.get(detailUrl(), manager)).statusCode).toBe(200);
    expect((await f.get(detailUrl(), buyer)).statusCode).toBe(403);
    expect((await revoke(revokeUrl(), manager)).statusCode).toBe(403);
    expect(app.declaredAccess.get('GET /api/v1/admin/users/:id/detail')).toEqual(['MANAGER', 'ADMIN']);
    expect(app.declaredAccess.get('POST /api/v1/admin/users/:id/api-keys/:keyId/revoke')).toEqual(['ADMIN']);
  });

  it('answers bad or unknown ids with a clear 4xx', async () => {
    const bad = await f.get(detailUrl('not-a-uuid'));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
    const unknown = await f.get(detailUrl(DUMMY));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('USER_NOT_FOUND');
    expect((await revoke(revokeUrl('nope'))).statusCode).toBe(422);
    const other = await revoke(revokeUrl(DUMMY));
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('API_KEY_NOT_FOUND');
    // Another user's id with this key: the key is not theirs, so nothing happens.
    expect((await revoke(revokeUrl(key.id, admin.user.id))).statusCode).toBe(404);
  });

  it('revokes the key: the bot is refused from then on, and the audit says who did it', async () => {
    const res = await revoke(revokeUrl());
    expect(res.statusCode).toBe(204);
    const bot = await app.inject({ url: `/stubs/handler_api.php?api_key=${key.key}&action=getBalance` });
    expect(bot.body).toBe('BAD_KEY');
    const d = (await f.get(detailUrl())).json();
    expect(d.api_keys[0].revoked_at).not.toBeNull();
    const rows = await f.auditRows('api_keys', key.id);
    expect(rows.at(-1)).toMatchObject({ action: 'DELETE', actor_email: 'admin@numero.test' });
    expect((await revoke(revokeUrl())).statusCode).toBe(404);
  });
});
