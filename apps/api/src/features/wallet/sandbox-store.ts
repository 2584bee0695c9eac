import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxCharges, settings } from '../../db/schema/index.ts';
import type { SandboxCharge, SandboxStore } from '../../providers/payments/sandbox/store.ts';

const SECRET_KEY = 'payments.sandbox_webhook_secret';

/** The sandbox's charges in PostgreSQL, so every API process sees the same ones. */
export function createPgSandboxStore(db: Db): SandboxStore {
  return {
    async insert(charge) {
      const [created] = await db
        .insert(sandboxCharges)
        .values(charge)
        .onConflictDoNothing({ target: sandboxCharges.paymentId })
        .returning();
      if (created) return created as SandboxCharge;
      const [existing] = await db
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.paymentId, charge.paymentId));
      if (!existing) throw new Error(`sandbox charge for payment ${charge.paymentId} vanished`);
      return existing as SandboxCharge;
    },

    async get(providerRef) {
      const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.providerRef, providerRef));
      return (row as SandboxCharge | undefined) ?? null;
    },

    async update(providerRef, patch, expectedStatus) {
      const [row] = await db
        .update(sandboxCharges)
        .set({ status: patch.status, failureReason: patch.failureReason, updatedAt: patch.updatedAt })
        .where(
          and(
            eq(sandboxCharges.providerRef, providerRef),
            expectedStatus === undefined ? sql`true` : eq(sandboxCharges.status, expectedStatus),
          ),
        )
        .returning();
      return (row as SandboxCharge | undefined) ?? null;
    },
  };
}

/**
 * The sandbox's webhook secret when SANDBOX_WEBHOOK_SECRET is unset: the first process to start makes a
 * random one and stores it in settings; every other process (and every restart) reads that one, so a
 * webhook signed by one process verifies in another. The repository never holds a default.
 */
export async function sandboxWebhookSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(settings)
    .values({ key: SECRET_KEY, value: `whsec_${randomBytes(32).toString('hex')}` })
    .onConflictDoNothing({ target: settings.key });
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SECRET_KEY));
  if (typeof row?.value !== 'string') throw new Error(`setting ${SECRET_KEY} is not a string`);
  return row.value;
}
