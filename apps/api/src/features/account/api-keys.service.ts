import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_PATTERN,
  type ApiKey,
  type ApiKeysPage,
  type CreatedApiKey,
  MAX_ACTIVE_API_KEYS,
  type UpdateApiKeyBody,
  type UpdatedApiKey,
} from '@numero/contract/account';
import type { Currency } from '@numero/contract/common';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { type WebhookPolicy, webhookUrlRefusal } from '../../lib/webhook-address.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { ApiKeyRow, ApiKeysRepository } from './api-keys.repository.ts';
import './account.messages.ts';

/** last_used_at is written at most once a minute: a busy bot costs one write a minute, not one a call. */
const API_KEY_TOUCH_MS = 60_000;

const API_KEY_PREFIX_LENGTH = 8;

/** `nk_` and 256 bits from the CSPRNG in base64url. */
function newApiKey(): string {
  return `nk_${randomBytes(32).toString('base64url')}`;
}

function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * The wallet a key spends from. The store shows reais in Portuguese and dollars in English (the web's
 * currencyFor), so a bot sees the same balance its owner sees on the site.
 */
function currencyOfLanguage(language: string): Currency {
  return language === 'pt-BR' ? 'BRL' : 'USD';
}

/** Who is calling the protocol: the key's live, active owner. */
export interface KeyHolder {
  keyId: string;
  userId: string;
  currency: Currency;
}

/** `whsec_` and 256 bits: the HMAC key of one API key's webhook deliveries. */
function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

function toDto(row: ApiKeyRow, ownerLanguage: string): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: new Date(row.createdAt).toISOString(),
    last_used_at: row.lastUsedAt ? new Date(row.lastUsedAt).toISOString() : null,
    currency: row.currency ?? currencyOfLanguage(ownerLanguage),
    webhook_url: row.webhookUrl,
  };
}

export function createApiKeysService(deps: {
  db: Db;
  repository: ApiKeysRepository;
  audit: Pick<AuditService, 'record'>;
  /** Which webhook addresses a key may be given. */
  webhookPolicy: WebhookPolicy;
  now: () => Date;
}) {
  const { db, repository, audit, webhookPolicy, now } = deps;

  /**
   * Revokes a key of `ownerId` (its owner, or staff acting for them): from the next call on, it answers
   * BAD_KEY. Audited with who did it.
   */
  async function revokeOf(actor: Actor, ownerId: string, id: string): Promise<void> {
    await db.transaction(async (tx) => {
      const row = await repository.revoke(ownerId, id, now(), tx);
      if (!row) throw new AppError('API_KEY_NOT_FOUND', 404);
      await audit.record(
        {
          action: 'DELETE',
          actor: { id: actor.id, email: actor.email },
          entityType: 'api_keys',
          entityId: row.id,
          ip: actor.ip,
          before: { name: row.name, prefix: row.prefix },
        },
        tx,
      );
    });
  }

  return {
    async list(userId: string, page: { skip: number; limit: number }): Promise<ApiKeysPage> {
      const { items, total } = await repository.listLive(userId, page);
      return {
        items: items.map((i) => toDto(i.key, i.language)),
        total,
        skip: page.skip,
        limit: page.limit,
      };
    },

    /** A new key for the actor; the full key is in this answer and nowhere else, ever. */
    async create(actor: Actor, name: string, language: string): Promise<CreatedApiKey> {
      const key = newApiKey();
      const row = await db.transaction(async (tx) => {
        await repository.lockOwner(actor.id, tx);
        if ((await repository.countLive(actor.id, tx)) >= MAX_ACTIVE_API_KEYS)
          throw new AppError('API_KEY_LIMIT', 409, { max: MAX_ACTIVE_API_KEYS });
        const created = await repository.insert(
          {
            userId: actor.id,
            name,
            prefix: key.slice(0, API_KEY_PREFIX_LENGTH),
            keyHash: hashApiKey(key),
            createdAt: now(),
          },
          tx,
        );
        await audit.record(
          {
            action: 'CREATE',
            actor: { id: actor.id, email: actor.email },
            entityType: 'api_keys',
            entityId: created.id,
            ip: actor.ip,
            after: { name: created.name, prefix: created.prefix },
          },
          tx,
        );
        return created;
      });
      return { ...toDto(row, language), key };
    },

    /**
     * Changes a key's wallet currency and webhook. A webhook secret is made when the key gets its first
     * webhook or when asked, and is in this answer only.
     */
    async update(actor: Actor, id: string, body: UpdateApiKeyBody): Promise<UpdatedApiKey> {
      if (body.webhook_url) {
        const refusal = webhookUrlRefusal(body.webhook_url, webhookPolicy);
        if (refusal) throw new AppError('WEBHOOK_URL_REFUSED', 422, { reason: refusal });
      }
      return db.transaction(async (tx) => {
        const found = await repository.lockLive(actor.id, id, tx);
        if (!found) throw new AppError('API_KEY_NOT_FOUND', 404);
        const before = found.key;
        const webhookUrl = body.webhook_url === undefined ? before.webhookUrl : body.webhook_url;
        const secret =
          body.rotate_webhook_secret || (webhookUrl && !before.webhookSecret)
            ? newWebhookSecret()
            : undefined;
        const row = await repository.update(
          id,
          {
            ...(body.currency ? { currency: body.currency } : {}),
            webhookUrl,
            ...(secret ? { webhookSecret: secret } : {}),
          },
          tx,
        );
        await audit.record(
          {
            action: 'UPDATE',
            actor: { id: actor.id, email: actor.email },
            entityType: 'api_keys',
            entityId: row.id,
            ip: actor.ip,
            before: { currency: before.currency, webhook_url: before.webhookUrl },
            after: { currency: row.currency, webhook_url: row.webhookUrl, secret_rotated: Boolean(secret) },
          },
          tx,
        );
        return { ...toDto(row, found.language), ...(secret ? { webhook_secret: secret } : {}) };
      });
    },

    /** Whether this live key is the user's own (for views of a key that other features own). */
    ownsLiveKey: (userId: string, id: string): Promise<boolean> => repository.isLive(userId, id),

    /** Revokes one of the actor's own keys. */
    revoke: (actor: Actor, id: string) => revokeOf(actor, actor.id, id),

    revokeOf,

    /**
     * The holder of a key, or null for a malformed, unknown or revoked key or a deactivated owner: all
     * of them look the same to the caller (BAD_KEY). The key is looked up by its hash.
     */
    async authenticate(key: string): Promise<KeyHolder | null> {
      if (!API_KEY_PATTERN.test(key)) return null;
      const row = await repository.findLiveByHash(hashApiKey(key));
      if (!row?.user.isActive) return null;
      const at = now();
      if (!row.lastUsedAt || at.getTime() - new Date(row.lastUsedAt).getTime() >= API_KEY_TOUCH_MS)
        await repository.touch(row.id, at);
      return {
        keyId: row.id,
        userId: row.user.id,
        currency: row.currency ?? currencyOfLanguage(row.user.preferredLanguage),
      };
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
