import type { Executor } from '../../db/client.ts';
import { auditLogs } from '../../db/schema/index.ts';

export type NewAuditLog = typeof auditLogs.$inferInsert;

export function createAuditRepository(db: Executor) {
  return {
    async insert(entry: NewAuditLog, ex: Executor = db): Promise<void> {
      await ex.insert(auditLogs).values(entry);
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
