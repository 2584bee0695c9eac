import type { AuditAction, AuditEntityType } from '@numero/contract/admin';
import type { Executor } from '../../db/client.ts';
import type { AuditRepository } from './audit.repository.ts';

export type { AuditAction };

export interface AuditEntry {
  action: AuditAction;
  /** Who did it; null for an anonymous caller (a failed sign-in for an unknown email). */
  actor: { id: string | null; email: string | null } | null;
  entityType: AuditEntityType;
  entityId?: string | null;
  ip?: string | null;
  /** Only descriptive fields: callers never pass passwords, tokens, cookies or hashes. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export function createAuditService({ repository, now }: { repository: AuditRepository; now: () => Date }) {
  return {
    /** Records who did what to which entity, when (UTC) and from where. */
    async record(entry: AuditEntry, ex?: Executor): Promise<void> {
      await repository.insert(
        {
          actorId: entry.actor?.id ?? null,
          actorEmail: entry.actor?.email ?? null,
          action: entry.action,
          entityType: entry.entityType,
          entityId: entry.entityId ?? null,
          before: entry.before ?? null,
          after: entry.after ?? null,
          ip: entry.ip ?? null,
          createdAt: now(),
        },
        ex,
      );
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
