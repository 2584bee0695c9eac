import { z } from 'zod';
import { AdminUser, AuditEntry } from './admin.ts';
import { Cents } from './common.ts';

/*
 * One user's detail for staff (part of the admin feature, kept apart from admin.ts for its size).
 */

export const UserApiKeyParams = z.object({ id: z.uuid(), keyId: z.uuid() });
export type UserApiKeyParams = z.infer<typeof UserApiKeyParams>;

export const AdminUserDetail = z
  .object({
    user: AdminUser,
    balances: z.object({ BRL: Cents, USD: Cents }),
    orders: z.array(
      z.object({
        id: z.string(),
        service_code: z.string(),
        country_code: z.string(),
        status: z.string(),
        price: Cents,
        currency: z.enum(['BRL', 'USD']),
        created_at: z.string(),
      }),
    ),
    transactions: z.array(
      z.object({
        id: z.number().int(),
        kind: z.string(),
        currency: z.enum(['BRL', 'USD']),
        /** Signed: what the customer's wallet gained (+) or lost (−). */
        amount: Cents,
        balance_after: Cents,
        description: z.string(),
        created_at: z.string(),
      }),
    ),
    sessions: z.array(
      z.object({
        id: z.string(),
        created_at: z.string(),
        last_seen_at: z.string(),
        expires_at: z.string(),
        ip: z.string().nullable(),
        user_agent: z.string().nullable(),
      }),
    ),
    api_keys: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        prefix: z.string(),
        created_at: z.string(),
        last_used_at: z.string().nullable(),
        revoked_at: z.string().nullable(),
      }),
    ),
    /** What was done to this account and what its owner did, newest first. */
    audit: z.array(AuditEntry),
  })
  .meta({ id: 'AdminUserDetail' });
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;
