import { z } from 'zod';
import { Currency, Pagination, ProfileCurrency, ProfileLanguage, paginated, Role } from './common.ts';

/** GET /api/v1/users/me (spec §7): id, email, profile.full_name, role, preferred_language, preferred_currency. */
export const CurrentUser = z
  .object({
    id: z.string(),
    email: z.string(),
    role: Role,
    /** The spec's client holds the single role as a list. */
    roles: z.array(Role),
    is_active: z.boolean(),
    preferred_language: ProfileLanguage,
    preferred_currency: ProfileCurrency,
    profile: z.object({ full_name: z.string().nullable(), phone_number: z.string().nullable() }),
    created_at: z.string(),
    /** Signed in with a temporary password from an admin: must set a new one before anything else. */
    must_change_password: z.boolean(),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof CurrentUser>;

export const ProfileUpdate = z
  .object({
    full_name: z.string().trim().max(120).nullable().optional(),
    phone_number: z
      .string()
      .trim()
      .max(32)
      .regex(/^\+?[0-9 ()-]*$/)
      .nullable()
      .optional(),
    preferred_language: ProfileLanguage.optional(),
    preferred_currency: ProfileCurrency.optional(),
  })
  .strict();
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;

// ---- API keys of the reseller protocol ----

/** Each user may hold this many keys that are not revoked. */
export const MAX_ACTIVE_API_KEYS = 5;

/** How a key looks: `nk_` and 256 random bits in base64url (43 characters). */
export const API_KEY_PATTERN = /^nk_[A-Za-z0-9_-]{43}$/;

export const API_KEY_NAME_MAX = 60;
export const ApiKeyName = z.string().trim().min(1).max(API_KEY_NAME_MAX);
export type ApiKeyName = z.infer<typeof ApiKeyName>;

export const CreateApiKeyBody = z.object({ name: ApiKeyName }).strict();
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;

export const ApiKeyIdParams = z.object({ id: z.uuid() });
export type ApiKeyIdParams = z.infer<typeof ApiKeyIdParams>;

export const ApiKeysQuery = Pagination;
export type ApiKeysQuery = z.infer<typeof ApiKeysQuery>;

/** A key as its owner sees it later: never the key itself, only its first characters. */
export const ApiKey = z
  .object({
    id: z.uuid(),
    name: z.string(),
    /** The first 8 characters of the key, to tell keys apart. */
    prefix: z.string(),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    /** The wallet this key spends from: getBalance and getNumber answer in it. */
    currency: Currency,
    /** Where an SMS of this key's activations is announced; null when none. */
    webhook_url: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof ApiKey>;

/** The answer to a creation: the only time the full key is ever shown. */
export const CreatedApiKey = ApiKey.extend({ key: z.string() }).meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export const ApiKeysPage = paginated(ApiKey);
export type ApiKeysPage = z.infer<typeof ApiKeysPage>;

export const WEBHOOK_URL_MAX = 500;

/** A webhook address: http(s) only here; the server refuses more (plain http, private hosts) in production. */
export const WebhookUrl = z
  .string()
  .trim()
  .max(WEBHOOK_URL_MAX)
  .pipe(z.url({ protocol: /^https?$/ }));
export type WebhookUrl = z.infer<typeof WebhookUrl>;

/** PATCH /api/v1/api-keys/:id: the key's settings; what is left out stays as it is. */
export const UpdateApiKeyBody = z
  .object({
    currency: Currency.optional(),
    /** null removes the webhook. */
    webhook_url: WebhookUrl.nullable().optional(),
    /** A new signing secret, in the answer; the old one stops signing at once. */
    rotate_webhook_secret: z.literal(true).optional(),
  })
  .strict();
export type UpdateApiKeyBody = z.infer<typeof UpdateApiKeyBody>;

/** The key after a change; webhook_secret only when a new one was made (the one time it is shown). */
export const UpdatedApiKey = ApiKey.extend({ webhook_secret: z.string().optional() }).meta({
  id: 'UpdatedApiKey',
});
export type UpdatedApiKey = z.infer<typeof UpdatedApiKey>;
