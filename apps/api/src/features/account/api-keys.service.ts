import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_PATTERN,
  type ApiKey,
  type ApiKeysPage,
  type CreatedApiKey,
  MAX_ACTIVE_API_KEYS,
} from '@numero/contract/account';
import type { Currency } from '@numero/contract/common';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
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

function toDto(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: new Date(row.createdAt).toISOString(),
    last_used_at: row.lastUsedAt ? new Date(row.lastUsedAt).toISOString() : null,
  };
}

export function createApiKeysService(deps: {
  db: Db;
  repository: ApiKeysRepository;
  audit: Pick<AuditService, 'record'>;
  now: () => Date;
}) {
  const { db, repository, audit, now } = deps;

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
      return { items: items.map(toDto), total, skip: page.skip, limit: page.limit };
    },

    /** A new key for the actor; the full key is in this answer and nowhere else, ever. */
    async create(actor: Actor, name: string): Promise<CreatedApiKey> {
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
      return { ...toDto(row), key };
    },

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
        currency: currencyOfLanguage(row.user.preferredLanguage),
      };
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
