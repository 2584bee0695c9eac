import { type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/sql.ts';
import { RENTAL_TOTAL_PAID } from './rental-paid.ts';

export type RentalStatus = 'pending' | 'active' | 'finished' | 'cancelled' | 'expired' | 'failed';
export type Settled = 'captured' | 'refunded';

export interface RentalRow {
  id: string;
  publicId: number;
  userId: string;
  productId: number;
  serviceCode: string;
  countryCode: string;
  operator: string | null;
  currency: 'BRL' | 'USD';
  hours: number;
  price: number;
  status: RentalStatus;
  settled: Settled | null;
  provider: string | null;
  upstreamId: string | null;
  phoneNumber: string | null;
  idempotencyKey: string;
  apiKeyId: string | null;
  callbackUrl: string | null;
  failureCode: string | null;
  startedAt: Date | null;
  endsAt: Date | null;
  endedAt: Date | null;
  smsCount: number;
  createdAt: Date;
  /** Everything charged and not refunded: the first charge and the extensions still standing. */
  totalPaid: number;
  serviceName: string;
}

export interface ExtensionRow {
  id: string;
  rentalId: string;
  idempotencyKey: string;
  hours: number;
  price: number;
  status: 'pending' | 'applied' | 'refunded';
  settled: Settled | null;
  createdAt: Date;
}

export interface MessageRow {
  id: number;
  rentalId: string;
  sender: string;
  text: string;
  code: string | null;
  receivedAt: Date;
}

const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

function toRental(r: Record<string, unknown>): RentalRow {
  return {
    id: String(r.id),
    publicId: Number(r.public_id),
    userId: String(r.user_id),
    productId: Number(r.product_id),
    serviceCode: String(r.service_code),
    countryCode: String(r.country_code),
    operator: (r.operator as string | null) ?? null,
    currency: r.currency as 'BRL' | 'USD',
    hours: Number(r.hours),
    price: Number(r.price),
    status: r.status as RentalStatus,
    settled: (r.settled as Settled | null) ?? null,
    provider: (r.provider as string | null) ?? null,
    upstreamId: (r.upstream_id as string | null) ?? null,
    phoneNumber: (r.phone_number as string | null) ?? null,
    idempotencyKey: String(r.idempotency_key),
    apiKeyId: (r.api_key_id as string | null) ?? null,
    callbackUrl: (r.callback_url as string | null) ?? null,
    failureCode: (r.failure_code as string | null) ?? null,
    startedAt: date(r.started_at),
    endsAt: date(r.ends_at),
    endedAt: date(r.ended_at),
    smsCount: Number(r.sms_count),
    createdAt: date(r.created_at)!,
    totalPaid: Number(r.total_paid ?? r.price),
    serviceName: String(r.service_name ?? r.service_code),
  };
}

function toExtension(r: Record<string, unknown>): ExtensionRow {
  return {
    id: String(r.id),
    rentalId: String(r.rental_id),
    idempotencyKey: String(r.idempotency_key),
    hours: Number(r.hours),
    price: Number(r.price),
    status: r.status as ExtensionRow['status'],
    settled: (r.settled as Settled | null) ?? null,
    createdAt: date(r.created_at)!,
  };
}

/** The columns of a rental as every read shows it: with the service's name and what was paid. */
const RENTAL_VIEW = sql`r.*, s.name AS service_name, ${RENTAL_TOTAL_PAID} AS total_paid`;
const FROM = sql`FROM rentals r JOIN services s ON s.code = r.service_code`;

/** What a transition may change on a rental (settlement columns are set by rental-money.ts). */
export type RentalChanges = Partial<{
  status: RentalStatus;
  endsAt: Date;
  endedAt: Date;
  failureCode: string;
  nextCheckAt: Date | null;
  smsCount: number;
}>;

export interface NewRental {
  id: string;
  userId: string;
  productId: number;
  serviceCode: string;
  countryCode: string;
  operator: string | null;
  currency: 'BRL' | 'USD';
  hours: number;
  price: number;
  idempotencyKey: string;
  apiKeyId: string | null;
  callbackUrl: string | null;
  at: Date;
}

/** The SQL of rentals, their extensions and their messages (one aggregate). */
export function createRentalsRepository(db: Executor) {
  const one = async (ex: Executor, where: SQL, lock = false) => {
    const rows = await queryRows(
      ex,
      sql`SELECT ${RENTAL_VIEW} ${FROM} WHERE ${where} ${lock ? sql`FOR UPDATE OF r` : sql``}`,
    );
    return rows[0] ? toRental(rows[0]) : null;
  };

  return {
    /** False when the user's key was used before (the caller replays that rental). */
    async insertPending(n: NewRental, tx: Tx): Promise<boolean> {
      const rows = await queryRows(
        tx,
        sql`INSERT INTO rentals (id, user_id, product_id, service_code, country_code, operator, currency, hours,
              price, idempotency_key, api_key_id, callback_url, created_at, updated_at)
            VALUES (${n.id}, ${n.userId}, ${n.productId}, ${n.serviceCode}, ${n.countryCode}, ${n.operator},
              ${n.currency}, ${n.hours}, ${n.price}, ${n.idempotencyKey}, ${n.apiKeyId}, ${n.callbackUrl},
              ${n.at}, ${n.at})
            ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id`,
      );
      return rows.length === 1;
    },

    find: (id: string, ex: Executor = db) => one(ex, sql`r.id = ${id}`),
    findOwned: (userId: string, id: string) => one(db, sql`r.id = ${id} AND r.user_id = ${userId}`),
    findByPublicId: (userId: string, publicId: number) =>
      one(db, sql`r.public_id = ${publicId} AND r.user_id = ${userId}`),
    findByKey: (userId: string, key: string) =>
      one(db, sql`r.user_id = ${userId} AND r.idempotency_key = ${key}`),
    /** Locks the rental row until the transaction ends: every money path goes through it. */
    lock: (id: string, tx: Tx) => one(tx, sql`r.id = ${id}`, true),

    /** Pending → active, only if still pending (a sweeper may have refunded it meanwhile). */
    async assign(
      id: string,
      a: {
        provider: string;
        upstreamId: string;
        phoneNumber: string;
        startedAt: Date;
        endsAt: Date;
        nextCheckAt: Date;
      },
    ): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`UPDATE rentals SET status = 'active', provider = ${a.provider}, upstream_id = ${a.upstreamId},
              phone_number = ${a.phoneNumber}, started_at = ${a.startedAt}, ends_at = ${a.endsAt},
              next_check_at = ${a.nextCheckAt}, updated_at = ${a.startedAt}
            WHERE id = ${id} AND status = 'pending' RETURNING id`,
      );
      return rows.length === 1;
    },

    async update(
      id: string,
      c: RentalChanges & { settled?: Settled; settledAt?: Date },
      at: Date,
      tx: Tx,
    ): Promise<void> {
      const sets: SQL[] = [sql`updated_at = ${at}`];
      if (c.status) sets.push(sql`status = ${c.status}`);
      if (c.settled) sets.push(sql`settled = ${c.settled}`);
      if (c.settledAt) sets.push(sql`settled_at = ${c.settledAt}`);
      if (c.endsAt) sets.push(sql`ends_at = ${c.endsAt}`);
      if (c.endedAt) sets.push(sql`ended_at = ${c.endedAt}`);
      if (c.failureCode) sets.push(sql`failure_code = ${c.failureCode}`);
      if (c.nextCheckAt !== undefined) sets.push(sql`next_check_at = ${c.nextCheckAt}`);
      if (c.smsCount !== undefined) sets.push(sql`sms_count = ${c.smsCount}`);
      await tx.execute(sql`UPDATE rentals SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
    },

    async list(where: SQL, page: { skip: number; limit: number }) {
      const rows = await queryRows(
        db,
        sql`SELECT ${RENTAL_VIEW}, u.email AS user_email ${FROM} JOIN users u ON u.id = r.user_id
            WHERE ${where} ORDER BY r.created_at DESC, r.id DESC LIMIT ${page.limit} OFFSET ${page.skip}`,
      );
      const [total] = await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM rentals r WHERE ${where}`,
      );
      return {
        items: rows.map((r) => ({ ...toRental(r), userEmail: String(r.user_email) })),
        total: Number(total?.n ?? 0),
      };
    },

    /** Ids of rentals whose condition holds, oldest first; the caller locks each in its own transaction. */
    async idsWhere(where: SQL, limit: number): Promise<string[]> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`SELECT id FROM rentals WHERE ${where} ORDER BY created_at LIMIT ${limit}`,
      );
      return rows.map((r) => r.id);
    },

    async extensions(rentalId: string, ex: Executor = db): Promise<ExtensionRow[]> {
      const rows = await queryRows(
        ex,
        sql`SELECT * FROM rental_extensions WHERE rental_id = ${rentalId} ORDER BY created_at, id`,
      );
      return rows.map(toExtension);
    },

    async insertExtension(e: Omit<ExtensionRow, 'status' | 'settled'>, tx: Tx): Promise<boolean> {
      const rows = await queryRows(
        tx,
        sql`INSERT INTO rental_extensions (id, rental_id, idempotency_key, hours, price, status, created_at)
            VALUES (${e.id}, ${e.rentalId}, ${e.idempotencyKey}, ${e.hours}, ${e.price}, 'pending', ${e.createdAt})
            ON CONFLICT (rental_id, idempotency_key) DO NOTHING RETURNING id`,
      );
      return rows.length === 1;
    },

    async updateExtension(
      id: string,
      c: { status?: ExtensionRow['status']; settled?: Settled },
      tx: Tx,
    ): Promise<void> {
      const sets: SQL[] = [];
      if (c.status) sets.push(sql`status = ${c.status}`);
      if (c.settled) sets.push(sql`settled = ${c.settled}`);
      if (sets.length)
        await tx.execute(sql`UPDATE rental_extensions SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
    },

    /** Stores an SMS once; null when the seller listed it before. */
    async insertMessage(
      m: {
        rentalId: string;
        upstreamSmsId: string;
        sender: string;
        text: string;
        code: string | null;
        receivedAt: Date;
      },
      tx: Tx,
    ): Promise<MessageRow | null> {
      const rows = await queryRows(
        tx,
        sql`INSERT INTO rental_messages (rental_id, upstream_sms_id, sender, text, code, received_at)
            VALUES (${m.rentalId}, ${m.upstreamSmsId}, ${m.sender}, ${m.text}, ${m.code}, ${m.receivedAt})
            ON CONFLICT (rental_id, upstream_sms_id) DO NOTHING RETURNING id`,
      );
      return rows[0] ? { id: Number(rows[0].id), ...m } : null;
    },

    async messages(rentalId: string, page = { skip: 0, limit: 1000 }): Promise<MessageRow[]> {
      const rows = await queryRows(
        db,
        sql`SELECT * FROM rental_messages WHERE rental_id = ${rentalId}
            ORDER BY received_at DESC, id DESC LIMIT ${page.limit} OFFSET ${page.skip}`,
      );
      return rows.map((r) => ({
        id: Number(r.id),
        rentalId: String(r.rental_id),
        sender: String(r.sender),
        text: String(r.text),
        code: (r.code as string | null) ?? null,
        receivedAt: date(r.received_at)!,
      }));
    },

    /** How staff set a product: rentable, not, or never said (null). */
    async rentableSetting(productId: number): Promise<boolean | null> {
      const [row] = await queryRows<{ rentable: boolean }>(
        db,
        sql`SELECT rentable FROM rental_products WHERE product_id = ${productId}`,
      );
      return row ? row.rentable : null;
    },

    async setRentable(productId: number, rentable: boolean, at: Date, tx: Tx): Promise<void> {
      await tx.execute(
        sql`INSERT INTO rental_products (product_id, rentable, updated_at) VALUES (${productId}, ${rentable}, ${at})
            ON CONFLICT (product_id) DO UPDATE SET rentable = EXCLUDED.rentable, updated_at = EXCLUDED.updated_at`,
      );
    },
  };
}
export type RentalsRepository = ReturnType<typeof createRentalsRepository>;
