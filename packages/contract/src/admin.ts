import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth.ts';
import { Cents, ProfileCurrency, ProfileLanguage, Role } from './common.ts';

/*
 * The staff area: dashboard statistics (spec §3, field names exactly as the spec's screens read them),
 * user management and the audit log. "Base" amounts are BRL cents; USD is counted in fields of its own
 * and never added to BRL.
 */

const Count = z.number().int().min(0);

export const ROLES = Role.options;
export const countsByRole = z.object(
  Object.fromEntries(ROLES.map((r) => [r, Count])) as Record<Role, typeof Count>,
);

/**
 * Every action the audit log records. The API writes no other, and the staff screens name each one in
 * both languages (a code never reaches a reader).
 */
export const AUDIT_ACTIONS = [
  'UPDATE_ROLE',
  'CREATE',
  'UPDATE',
  'DELETE',
  'REORDER',
  'LOGIN',
  'LOGOUT',
  'LOGIN_FAILED',
  'REGISTER',
  'REVOKE_SESSIONS',
  'UPDATE_SETTINGS',
  'PASSWORD_CHANGE',
  'PASSWORD_RESET_REQUESTED',
  'PASSWORD_RESET',
  'ISSUE_TEMPORARY_PASSWORD',
  'EMAIL_CHANGE_REQUESTED',
  'EMAIL_CHANGED',
  'EMAIL_VERIFIED',
  'TWO_FACTOR_ENABLED',
  'TWO_FACTOR_DISABLED',
  'DATA_EXPORT',
  'ACCOUNT_DELETED',
  'WALLET_ADJUSTMENT',
  'APPLY_PRICING',
  'UPDATE_COSTS',
  'SYNC_COSTS',
  'IMPORT_CATALOG',
  'CREATE_PRICING_RULE',
  'UPDATE_PRICING_RULE',
  'DELETE_PRICING_RULE',
  // Rentals (issue 34): the customer's own acts and staff's rules.
  'RENT_NUMBER',
  'EXTEND_RENTAL',
  'CANCEL_RENTAL',
  'FINISH_RENTAL',
  'UPDATE_RENTAL_SETTINGS',
  'UPDATE_RENTABLE',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an audit entry is about (the table of the thing changed). */
export const AUDIT_ENTITY_TYPES = [
  'users',
  'products',
  'orders',
  'categories',
  'countries',
  'services',
  'wallets',
  'api_keys',
  'settings',
  'product_costs',
  'pricing_rules',
  'rentals',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** One line of the audit log as the staff screens show it. `user_*` is who acted (null: anonymous). */
export const AuditEntry = z
  .object({
    id: z.number().int(),
    action: z.string(),
    entity_type: z.string(),
    entity_id: z.string().nullable(),
    created_at: z.string(),
    user_id: z.string().nullable(),
    user_email: z.string().nullable(),
    /** For entries about a user account: that account's current email (null when unknown). */
    target_email: z.string().nullable(),
    ip: z.string().nullable(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntry>;

/** The recent-activity list of the dashboard: spec §3 names these five fields. */
export const RecentActivity = AuditEntry.pick({
  action: true,
  entity_type: true,
  created_at: true,
  user_id: true,
  user_email: true,
});
export type RecentActivity = z.infer<typeof RecentActivity>;

/** GET /api/v1/admin/dashboard/stats */
export const DashboardStats = z
  .object({
    total_users: Count,
    active_users: Count,
    users_by_role: countsByRole,
    total_products: Count,
    active_products: Count,
    total_categories: Count,
    total_orders: Count,
    /** Money captured into the store's BRL revenue account (SMS delivered), in cents. */
    total_revenue_cents: Cents,
    total_revenue_usd_cents: Cents,
    /** Orders placed in the last 24 hours. */
    recent_orders: Count,
    recent_audit_logs_count: Count,
    current_user_role: Role,
    recent_activity: z.array(RecentActivity),
  })
  .meta({ id: 'AdminDashboardStats' });
export type DashboardStats = z.infer<typeof DashboardStats>;

/** GET /api/v1/admin/products/stats */
export const ProductStats = z
  .object({
    total_products: Count,
    active_products: Count,
    inactive_products: Count,
    /** Category slug → number of products. */
    products_by_category: z.record(z.string(), Count),
    recent_products: z.array(
      z.object({
        id: z.number().int(),
        /** "Service · Country", the country in the caller's language. */
        name: z.string(),
        price_base_cents: Cents,
        is_active: z.boolean(),
        created_at: z.string(),
      }),
    ),
  })
  .meta({ id: 'AdminProductStats' });
export type ProductStats = z.infer<typeof ProductStats>;

/** GET /api/v1/admin/orders/stats (orders are activations). */
export const OrderStats = z
  .object({
    total_orders: Count,
    orders_by_status: z.record(z.string(), Count),
    recent_orders_count: Count,
    /** Average price of the orders placed in BRL; 0 when there are none. */
    avg_order_value_cents: Cents,
    avg_order_value_usd_cents: Cents,
    recent_orders: z.array(
      z.object({
        id: z.string(),
        user_id: z.string(),
        /** The price in BRL cents; null for an order paid in USD (see currency and total_amount_cents). */
        total_amount_base_cents: Cents.nullable(),
        currency: z.enum(['BRL', 'USD']),
        total_amount_cents: Cents,
        status: z.string(),
        created_at: z.string(),
      }),
    ),
  })
  .meta({ id: 'AdminOrderStats' });
export type OrderStats = z.infer<typeof OrderStats>;

/**
 * GET /api/v1/admin/revenue/stats: what reached the revenue accounts. Monthly, weekly and daily are the
 * last 30 days, 7 days and 24 hours. A paid transaction is one capture (an order whose SMS arrived).
 */
export const RevenueStats = z
  .object({
    total_revenue_cents: Cents,
    monthly_revenue_cents: Cents,
    weekly_revenue_cents: Cents,
    daily_revenue_cents: Cents,
    paid_transactions: Count,
    avg_transaction_value_cents: Cents,
    total_revenue_usd_cents: Cents,
    monthly_revenue_usd_cents: Cents,
    weekly_revenue_usd_cents: Cents,
    daily_revenue_usd_cents: Cents,
    paid_transactions_usd: Count,
    avg_transaction_value_usd_cents: Cents,
  })
  .meta({ id: 'AdminRevenueStats' });
export type RevenueStats = z.infer<typeof RevenueStats>;

/** Spec §3 "Admin user record (as received)". */
export const AdminUser = z
  .object({
    id: z.uuid(),
    email: z.string(),
    role: Role,
    created_at: z.string(),
    last_login: z.string().nullable(),
    is_active: z.boolean(),
    preferred_currency: ProfileCurrency,
    preferred_language: ProfileLanguage,
    /** The BRL wallet's balance in cents (0 before the first top-up). */
    balance_base_cents: Cents,
    profile: z.object({ full_name: z.string().nullable(), phone_number: z.string().nullable() }),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof AdminUser>;

export const USER_STATUSES = ['active', 'inactive'] as const;
export const UserStatus = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof UserStatus>;

/** The spec's client may send an empty value for "all"; it means no filter. */
const blankAsAbsent = (v: unknown) => (v === '' ? undefined : v);

export const ADMIN_USERS_MAX_LIMIT = 100;

/** GET /api/v1/admin/users: the body is a JSON array; the total is in the X-Total-Count header. */
export const AdminUsersQuery = z.object({
  /** Part of the name or the email, in any case. */
  search: z.preprocess(blankAsAbsent, z.string().trim().max(100).optional()),
  role: z.preprocess(blankAsAbsent, Role.optional()),
  status: z.preprocess(blankAsAbsent, UserStatus.optional()),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(ADMIN_USERS_MAX_LIMIT).default(20),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;
export const AdminUsersList = z.array(AdminUser);
export type AdminUsersList = z.infer<typeof AdminUsersList>;

/** GET /api/v1/admin/users/stats: the footer of the users screen. */
export const AdminUserStats = z
  .object({ total: Count, active: Count, inactive: Count, administrators: Count })
  .meta({ id: 'AdminUserStats' });
export type AdminUserStats = z.infer<typeof AdminUserStats>;

export const UserIdParams = z.object({ id: z.uuid() });
export type UserIdParams = z.infer<typeof UserIdParams>;

/** The typed fields of a user account, as the create and update routes below check them (and the form). */
export const UserFullName = z.string().trim().max(120);
export const UserPhoneNumber = z
  .string()
  .trim()
  .max(32)
  .regex(/^\+?[0-9 ()-]*$/);
export const UserEmail = z.string().trim().toLowerCase().pipe(z.email().max(254));

/** PATCH /api/v1/users/{id}: any of these, for THAT user. `is_active: false` is the screen's "delete". */
export const AdminUserUpdate = z
  .object({
    is_active: z.boolean().optional(),
    email: UserEmail.optional(),
    preferred_currency: ProfileCurrency.optional(),
    preferred_language: ProfileLanguage.optional(),
    full_name: UserFullName.nullable().optional(),
    phone_number: UserPhoneNumber.nullable().optional(),
  })
  .strict();
export type AdminUserUpdate = z.infer<typeof AdminUserUpdate>;

/** PATCH /api/v1/admin/users/{id}/role: the role itself as the JSON body ("PREMIUM"), or {"role": …}. */
export const RoleUpdate = z.union([Role, z.object({ role: Role }).strict()]);
export type RoleUpdate = z.infer<typeof RoleUpdate>;

/** POST /api/v1/users/register: an account made by an admin. */
export const AdminUserCreate = z
  .object({
    email: UserEmail,
    /** Omitted: the server makes a strong temporary password and returns it once. */
    password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH).optional(),
    role: Role.default('CUSTOMER'),
    preferred_language: ProfileLanguage.default('pt-BR'),
    preferred_currency: ProfileCurrency.default('BRL'),
    is_active: z.boolean().default(true),
    profile: z
      .object({
        full_name: UserFullName.nullable().optional(),
        phone_number: UserPhoneNumber.nullable().optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type AdminUserCreate = z.input<typeof AdminUserCreate>;

export const AdminUserCreated = AdminUser.extend({
  /** Only when the server generated the password: shown once, stored nowhere but as a hash. */
  temporary_password: z.string().optional(),
}).meta({ id: 'AdminUserCreated' });
export type AdminUserCreated = z.infer<typeof AdminUserCreated>;

/**
 * POST /api/v1/admin/users/{id}/temporary-password: a new password the server made, shown this once. The
 * user's sessions end, and after signing in with it they must set their own before anything else.
 */
export const TemporaryPasswordIssued = z.object({ temporary_password: z.string() });
export type TemporaryPasswordIssued = z.infer<typeof TemporaryPasswordIssued>;

/** POST /api/v1/admin/users/{id}/sessions/revoke */
export const SessionsRevoked = z.object({ revoked: Count });
export type SessionsRevoked = z.infer<typeof SessionsRevoked>;

/** GET /api/v1/admin/audit: newest first. */
export const AuditQuery = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  action: z.preprocess(
    blankAsAbsent,
    z
      .string()
      .trim()
      .max(40)
      .regex(/^[A-Z_]+$/)
      .optional(),
  ),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditPage = z
  .object({
    items: z.array(AuditEntry),
    total: Count,
    skip: Count,
    limit: Count,
  })
  .meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof AuditPage>;

// ---- store settings: kept in the database, applied by every process without a restart ----

const Minutes = (min: number, max: number) => z.number().int().min(min).max(max);
const TopupRange = z
  .object({ min: Cents.min(100), max: Cents.min(100).max(100_000_000) })
  .strict()
  .refine((r) => r.min <= r.max, { message: 'min must not exceed max', path: ['min'] });

/** Every setting a staff member may change, with the bounds that keep the store working. */
export const StoreSettings = z
  .object({
    /** How long a bought number waits for its SMS before it is refunded (spec: up to 20 minutes). */
    activation_window_minutes: Minutes(5, 60),
    /** How long after a purchase a customer must wait before cancelling it. */
    early_cancel_minutes: Minutes(0, 20),
    /** New purchases one customer may make per minute. */
    purchase_limit_per_minute: z.number().int().min(1).max(1000),
    /** Top-up minimum and maximum per currency, in cents. */
    topup_limits: z.object({ BRL: TopupRange, USD: TopupRange }).strict(),
    /** New accounts one address may open per hour. */
    registrations_per_hour: z.number().int().min(1).max(100_000),
    /** The offline payment page and the number simulator may be used. */
    sandbox: z.object({ payments: z.boolean(), numbers: z.boolean() }).strict(),
    /** Upstream number providers: the order purchases try them in, and the ones switched off. */
    sms_providers: z
      .object({
        order: z.array(z.string().regex(/^[a-z0-9-]{1,40}$/)).max(20),
        disabled: z.array(z.string().regex(/^[a-z0-9-]{1,40}$/)).max(20),
      })
      .strict(),
  })
  .strict()
  .meta({ id: 'StoreSettings' });
export type StoreSettings = z.infer<typeof StoreSettings>;

/** Payment provider keys: written by staff, kept for the providers, never shown again. */
export const SECRET_NAMES = [
  'mercadopago_access_token',
  'mercadopago_webhook_secret',
  'stripe_secret_key',
  'stripe_webhook_secret',
] as const;
export const SecretName = z.enum(SECRET_NAMES);
export type SecretName = z.infer<typeof SecretName>;

/** A secret as the screens see it: whether it is set and its last characters, never its value. */
export const MaskedSecret = z.object({ set: z.boolean(), masked: z.string().nullable() });
export type MaskedSecret = z.infer<typeof MaskedSecret>;

export const SettingsView = z
  .object({
    values: StoreSettings,
    secrets: z.object(
      Object.fromEntries(SECRET_NAMES.map((n) => [n, MaskedSecret])) as Record<
        SecretName,
        typeof MaskedSecret
      >,
    ),
    updated_at: z.string().nullable(),
    updated_by: z.string().nullable(),
  })
  .meta({ id: 'SettingsView' });
export type SettingsView = z.infer<typeof SettingsView>;

/** A new secret value: printable, no spaces, and never the masked form sent back. */
export const SecretValue = z
  .string()
  .trim()
  .min(8)
  .max(500)
  .regex(/^[\x21-\x7e]+$/);

/** PUT /api/v1/admin/settings: any subset of the settings; a secret set to null is removed. */
export const SettingsUpdate = z
  .object({
    values: z
      .object({
        activation_window_minutes: StoreSettings.shape.activation_window_minutes,
        early_cancel_minutes: StoreSettings.shape.early_cancel_minutes,
        purchase_limit_per_minute: StoreSettings.shape.purchase_limit_per_minute,
        topup_limits: StoreSettings.shape.topup_limits,
        registrations_per_hour: StoreSettings.shape.registrations_per_hour,
        sandbox: StoreSettings.shape.sandbox,
      })
      .partial()
      .strict()
      .optional(),
    secrets: z
      .object(
        Object.fromEntries(SECRET_NAMES.map((n) => [n, SecretValue.nullable().optional()])) as Record<
          SecretName,
          z.ZodOptional<z.ZodNullable<typeof SecretValue>>
        >,
      )
      .strict()
      .optional(),
  })
  .strict();
export type SettingsUpdate = z.infer<typeof SettingsUpdate>;
