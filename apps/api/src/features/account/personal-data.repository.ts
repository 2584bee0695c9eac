import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  activations,
  apiKeys,
  auditLogs,
  emailTokens,
  favouriteServices,
  knownDevices,
  ledgerAccounts,
  ledgerTransfers,
  mailOutbox,
  notificationSettings,
  oauthIdentities,
  passwordResets,
  payments,
  recoveryCodes,
  sandboxCharges,
  sessions,
  smsMessages,
  users,
  userTotp,
} from '../../db/schema/index.ts';
import { queryRows } from '../../db/sql.ts';
import { RENTAL_TOTAL_PAID } from '../rentals/rental-paid.ts';

/** A timestamp of a raw query as one ISO string, whichever driver read it (a Date, or PostgreSQL's text). */
const isoOf = (v: unknown) =>
  v === null || v === undefined ? null : new Date(v as string | Date).toISOString();
const TIMES = ['created_at', 'started_at', 'ends_at', 'ended_at', 'received_at'];
/** Rows of a raw query as the drizzle-read rows come: dates as ISO strings, amounts as numbers. */
const readable = (rows: Record<string, unknown>[]) =>
  rows.map((r) =>
    Object.fromEntries(
      Object.entries(r).map(([k, v]) => [k, TIMES.includes(k) ? isoOf(v) : k === 'price' ? Number(v) : v]),
    ),
  );

/**
 * The one place that reads across the store's tables by user: the LGPD export (read only) and the
 * erasure of a deleted account's identity. Ledger amounts are never touched: the books stay balanced.
 */
export function createPersonalDataRepository(db: Executor) {
  return {
    async collect(userId: string) {
      const [profile] = await db
        .select({
          id: users.id,
          email: users.email,
          role: users.role,
          full_name: users.fullName,
          phone_number: users.phoneNumber,
          preferred_language: users.preferredLanguage,
          preferred_currency: users.preferredCurrency,
          created_at: users.createdAt,
          last_login_at: users.lastLoginAt,
        })
        .from(users)
        .where(eq(users.id, userId));
      const wallets = await db
        .select({ currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'wallet')));
      const transactions = await db
        .select({
          kind: ledgerTransfers.kind,
          amount: ledgerTransfers.amount,
          currency: ledgerTransfers.currency,
          description: ledgerTransfers.description,
          created_at: ledgerTransfers.createdAt,
        })
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.userId, userId))
        .orderBy(desc(ledgerTransfers.createdAt));
      const topUps = await db
        .select({
          id: payments.id,
          provider: payments.provider,
          method: payments.method,
          amount: payments.amount,
          currency: payments.currency,
          status: payments.status,
          created_at: payments.createdAt,
          credited_at: payments.creditedAt,
        })
        .from(payments)
        .where(eq(payments.userId, userId))
        .orderBy(desc(payments.createdAt));
      const orders = await db
        .select({
          id: activations.id,
          service: activations.serviceCode,
          country: activations.countryCode,
          price: activations.price,
          currency: activations.currency,
          status: activations.status,
          phone_number: activations.phoneNumber,
          code: activations.code,
          sms_text: activations.smsText,
          created_at: activations.createdAt,
        })
        .from(activations)
        .where(eq(activations.userId, userId))
        .orderBy(desc(activations.createdAt));
      // Rentals: what the customer paid in all, as the rentals' own reads say, and the hours bought.
      const rentals = await queryRows(
        db,
        sql`SELECT r.id, r.service_code AS service, r.country_code AS country, r.operator, r.phone_number,
                   r.hours + coalesce(x.hours, 0)::int AS hours, ${RENTAL_TOTAL_PAID}::bigint AS price,
                   r.currency, r.status, r.sms_count, r.callback_url, r.created_at, r.started_at, r.ends_at, r.ended_at
              FROM rentals r
              LEFT JOIN LATERAL (SELECT sum(e.hours) AS hours FROM rental_extensions e
                                  WHERE e.rental_id = r.id AND e.status <> 'refunded') x ON true
             WHERE r.user_id = ${userId}::uuid
             ORDER BY r.created_at DESC, r.id DESC`,
      );
      // Every SMS the customer was shown: an activation's (its code and any resend), and each of a rental's.
      const activationSms = await db
        .select({
          order_id: smsMessages.activationId,
          text: smsMessages.text,
          code: smsMessages.code,
          received_at: smsMessages.receivedAt,
        })
        .from(smsMessages)
        .innerJoin(activations, eq(activations.id, smsMessages.activationId))
        .where(and(eq(activations.userId, userId), eq(smsMessages.delivered, true)));
      const rentalSms = await queryRows(
        db,
        sql`SELECT m.rental_id, m.sender, m.text, m.code, m.received_at FROM rental_messages m
              JOIN rentals r ON r.id = m.rental_id
             WHERE r.user_id = ${userId}::uuid`,
      );
      const keys = await db
        .select({
          name: apiKeys.name,
          prefix: apiKeys.prefix,
          created_at: apiKeys.createdAt,
          last_used_at: apiKeys.lastUsedAt,
          revoked_at: apiKeys.revokedAt,
        })
        .from(apiKeys)
        .where(eq(apiKeys.userId, userId));
      const audit = await db
        .select({
          action: auditLogs.action,
          entity_type: auditLogs.entityType,
          entity_id: auditLogs.entityId,
          ip: auditLogs.ip,
          by_me: sql<boolean>`${auditLogs.actorId} IS NOT DISTINCT FROM ${userId}::uuid`,
          created_at: auditLogs.createdAt,
        })
        .from(auditLogs)
        .where(
          or(
            eq(auditLogs.actorId, userId),
            and(eq(auditLogs.entityType, 'users'), eq(auditLogs.entityId, userId)),
          ),
        )
        .orderBy(desc(auditLogs.createdAt));
      const [totp] = await db
        .select({ enabledAt: userTotp.enabledAt })
        .from(userTotp)
        .where(eq(userTotp.userId, userId));
      const devices = await db
        .select({
          user_agent: knownDevices.userAgent,
          first_seen_at: knownDevices.firstSeenAt,
          last_seen_at: knownDevices.lastSeenAt,
        })
        .from(knownDevices)
        .where(eq(knownDevices.userId, userId))
        .orderBy(desc(knownDevices.lastSeenAt));
      const favourites = await db
        .select({ service_code: favouriteServices.serviceCode, created_at: favouriteServices.createdAt })
        .from(favouriteServices)
        .where(eq(favouriteServices.userId, userId))
        .orderBy(desc(favouriteServices.createdAt));
      return {
        devices,
        favourites,
        profile,
        wallets,
        transactions,
        topUps,
        orders,
        rentals: readable(rentals),
        sms: [...activationSms, ...readable(rentalSms)],
        keys,
        audit,
        twoFactor: Boolean(totp?.enabledAt),
      };
    },

    /** Activations still waiting for their number or code, and rentals still running. */
    async openOrders(userId: string): Promise<number> {
      const rows = await db
        .select({ id: activations.id })
        .from(activations)
        .where(and(eq(activations.userId, userId), inArray(activations.status, ['pending', 'waiting_sms'])));
      const [rentals] = await queryRows(
        db,
        sql`SELECT count(*)::int AS n FROM rentals WHERE user_id = ${userId}::uuid AND status IN ('pending', 'active')`,
      );
      return rows.length + Number(rentals?.n ?? 0);
    },

    /**
     * Removes who the user was: email and name replaced, sign-in methods and sessions gone, keys revoked,
     * their e-mail and their address in the audit log erased. Orders, rentals, payments and the ledger keep
     * their amounts under the now anonymous id.
     */
    async erase(userId: string, email: string, at: Date, ex: Executor = db): Promise<string> {
      const anonymous = `deleted-${userId}@deleted.invalid`;
      await ex
        .update(users)
        .set({
          email: anonymous,
          fullName: null,
          phoneNumber: null,
          passwordHash: null,
          isActive: false,
          updatedAt: at,
        })
        .where(eq(users.id, userId));
      await ex.delete(sessions).where(eq(sessions.userId, userId));
      await ex.delete(oauthIdentities).where(eq(oauthIdentities.userId, userId));
      await ex.delete(passwordResets).where(eq(passwordResets.userId, userId));
      await ex.delete(userTotp).where(eq(userTotp.userId, userId));
      await ex.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await ex.delete(mailOutbox).where(eq(mailOutbox.userId, userId));
      await ex.delete(knownDevices).where(eq(knownDevices.userId, userId));
      await ex.delete(emailTokens).where(eq(emailTokens.userId, userId));
      await ex.delete(notificationSettings).where(eq(notificationSettings.userId, userId));
      await ex.delete(favouriteServices).where(eq(favouriteServices.userId, userId));
      await ex
        .update(apiKeys)
        .set({ revokedAt: at })
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
      // The offline payment sandbox is the store's own stand-in for a provider: it forgets the payer too.
      await ex
        .update(sandboxCharges)
        .set({ payerEmail: anonymous })
        .where(sql`lower(${sandboxCharges.payerEmail}) = lower(${email})`);
      await ex
        .update(auditLogs)
        .set({ actorEmail: anonymous, ip: null })
        .where(or(eq(auditLogs.actorId, userId), sql`lower(${auditLogs.actorEmail}) = lower(${email})`));
      return anonymous;
    },
  };
}
export type PersonalDataRepository = ReturnType<typeof createPersonalDataRepository>;
