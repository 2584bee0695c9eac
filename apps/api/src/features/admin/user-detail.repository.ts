import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/sql.ts';

/** Read-only: the latest rows of one user across orders, the ledger, sessions, API keys and the audit log. */
const iso = (v: unknown) => new Date(v as string | Date).toISOString();
const isoOrNull = (v: unknown) => (v === null || v === undefined ? null : iso(v));
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const obj = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : null);

export function createUserDetailRepository(db: Executor) {
  return {
    async balances(userId: string) {
      const rows = await queryRows<{ currency: 'BRL' | 'USD'; balance: string | number }>(
        db,
        sql`SELECT currency, balance FROM ledger_accounts WHERE kind = 'wallet' AND user_id = ${userId}`,
      );
      const out = { BRL: 0, USD: 0 };
      for (const r of rows) out[r.currency] = Number(r.balance);
      return out;
    },

    async orders(userId: string, limit: number) {
      const rows = await queryRows(
        db,
        sql`SELECT id, service_code, country_code, status, price, currency, created_at FROM activations
             WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
      );
      return rows.map((r) => ({
        id: String(r.id),
        service_code: String(r.service_code),
        country_code: String(r.country_code),
        status: String(r.status),
        price: Number(r.price),
        currency: r.currency as 'BRL' | 'USD',
        created_at: iso(r.created_at),
      }));
    },

    /** The customer's side of each transfer: the entry on their own wallet. */
    async transactions(userId: string, limit: number) {
      const rows = await queryRows(
        db,
        sql`SELECT t.id, t.kind, t.currency, t.description, t.created_at, e.amount, e.balance_after
              FROM ledger_entries e
              JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'wallet' AND a.user_id = ${userId}
              JOIN ledger_transfers t ON t.id = e.transfer_id
             ORDER BY e.id DESC LIMIT ${limit}`,
      );
      return rows.map((r) => ({
        id: Number(r.id),
        kind: String(r.kind),
        currency: r.currency as 'BRL' | 'USD',
        amount: Number(r.amount),
        balance_after: Number(r.balance_after),
        description: String(r.description),
        created_at: iso(r.created_at),
      }));
    },

    async sessions(userId: string, at: Date) {
      const rows = await queryRows(
        db,
        sql`SELECT id, created_at, last_seen_at, expires_at, ip, user_agent FROM sessions
             WHERE user_id = ${userId} AND expires_at > ${at.toISOString()}::timestamptz
             ORDER BY last_seen_at DESC LIMIT 50`,
      );
      return rows.map((r) => ({
        id: String(r.id),
        created_at: iso(r.created_at),
        last_seen_at: iso(r.last_seen_at),
        expires_at: iso(r.expires_at),
        ip: str(r.ip),
        user_agent: str(r.user_agent),
      }));
    },

    async apiKeys(userId: string) {
      const rows = await queryRows(
        db,
        sql`SELECT id, name, prefix, created_at, last_used_at, revoked_at FROM api_keys
             WHERE user_id = ${userId} ORDER BY created_at DESC LIMIT 50`,
      );
      return rows.map((r) => ({
        id: String(r.id),
        name: String(r.name),
        prefix: String(r.prefix),
        created_at: iso(r.created_at),
        last_used_at: isoOrNull(r.last_used_at),
        revoked_at: isoOrNull(r.revoked_at),
      }));
    },

    async audit(userId: string, email: string, limit: number) {
      const rows = await queryRows(
        db,
        sql`SELECT id, action, entity_type, entity_id, created_at, actor_id, actor_email, ip, before, after
              FROM audit_logs
             WHERE (entity_type = 'users' AND entity_id = ${userId}) OR actor_id = ${userId}
             ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
      );
      return rows.map((r) => ({
        id: Number(r.id),
        action: String(r.action),
        entity_type: String(r.entity_type),
        entity_id: str(r.entity_id),
        created_at: iso(r.created_at),
        user_id: str(r.actor_id),
        user_email: str(r.actor_email),
        target_email: r.entity_type === 'users' && r.entity_id === userId ? email : null,
        ip: str(r.ip),
        before: obj(r.before),
        after: obj(r.after),
      }));
    },
  };
}
export type UserDetailRepository = ReturnType<typeof createUserDetailRepository>;
