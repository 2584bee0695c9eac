import { z } from 'zod';
import { Pagination, paginated } from './common.ts';

/** Each user may hold this many keys that are not revoked. */
export const MAX_ACTIVE_API_KEYS = 5;

/** Where resellers' bots (written for sms-activate and its successors) call the store. */
export const HANDLER_API_PATH = '/stubs/handler_api.php';

/** How a key looks: `nk_` and 256 random bits in base64url (43 characters). */
export const API_KEY_PATTERN = /^nk_[A-Za-z0-9_-]{43}$/;

export const API_KEY_NAME_MAX = 60;
export const ApiKeyName = z.string().trim().min(1).max(API_KEY_NAME_MAX);

export const CreateApiKeyBody = z.object({ name: ApiKeyName }).strict();
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;

export const ApiKeyIdParams = z.object({ id: z.uuid() });

export const ApiKeysQuery = Pagination;

/** A key as its owner sees it later: never the key itself, only its first characters. */
export const ApiKey = z
  .object({
    id: z.uuid(),
    name: z.string(),
    /** The first 8 characters of the key, to tell keys apart. */
    prefix: z.string(),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof ApiKey>;

/** The answer to a creation: the only time the full key is ever shown. */
export const CreatedApiKey = ApiKey.extend({ key: z.string() }).meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export const ApiKeysPage = paginated(ApiKey);
export type ApiKeysPage = z.infer<typeof ApiKeysPage>;
