import type { ChargeStatus, Currency, PaymentMethod } from '../payment-provider.ts';

export type SandboxChargeKind = 'charge' | 'checkout';

/**
 * One row of the sandbox's charges table. Suggested PostgreSQL table:
 *
 *   CREATE TABLE sandbox_charges (
 *     provider_ref   text PRIMARY KEY,
 *     payment_id     text NOT NULL UNIQUE,
 *     kind           text NOT NULL CHECK (kind IN ('charge', 'checkout')),
 *     method         text NOT NULL CHECK (method IN ('pix', 'card', 'boleto')),
 *     amount         bigint NOT NULL CHECK (amount > 0),
 *     currency       text NOT NULL CHECK (currency IN ('BRL', 'USD')),
 *     description    text NOT NULL,
 *     payer_email    text NOT NULL,
 *     status         text NOT NULL CHECK (status IN ('pending', 'paid', 'failed', 'expired', 'cancelled')),
 *     failure_reason text,
 *     pix_copy_paste text,
 *     boleto_line    text,
 *     client_secret  text,
 *     success_url    text,
 *     cancel_url     text,
 *     expires_at     timestamptz,
 *     created_at     timestamptz NOT NULL,
 *     updated_at     timestamptz NOT NULL
 *   );
 *
 * No card number or CVC is ever stored.
 */
export interface SandboxCharge {
  providerRef: string;
  paymentId: string;
  kind: SandboxChargeKind;
  method: PaymentMethod;
  amount: number;
  currency: Currency;
  description: string;
  payerEmail: string;
  status: ChargeStatus;
  failureReason: string | null;
  pixCopyPaste: string | null;
  boletoLine: string | null;
  clientSecret: string | null;
  successUrl: string | null;
  cancelUrl: string | null;
  expiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export type SandboxChargePatch = Pick<SandboxCharge, 'status' | 'failureReason' | 'updatedAt'>;

export interface SandboxStore {
  /**
   * Stores a new charge, or, when a charge with the same paymentId exists, returns that one untouched
   * (idempotent create, safe under concurrency):
   *   INSERT … ON CONFLICT (payment_id) DO NOTHING RETURNING *; then SELECT … WHERE payment_id = $1 if no row.
   */
  insert(charge: SandboxCharge): Promise<SandboxCharge>;
  get(providerRef: string): Promise<SandboxCharge | null>;
  /**
   * Applies the patch and returns the updated charge; with expectedStatus only while the charge is
   * still in that status (compare-and-set), otherwise returns null:
   *   UPDATE … SET status = $2, failure_reason = $3, updated_at = $4
   *   WHERE provider_ref = $1 AND ($5::text IS NULL OR status = $5) RETURNING *
   */
  update(
    providerRef: string,
    patch: SandboxChargePatch,
    expectedStatus?: ChargeStatus,
  ): Promise<SandboxCharge | null>;
}

/** In-memory SandboxStore for tests and single-process development. */
export function createMemorySandboxStore(): SandboxStore {
  const byRef = new Map<string, SandboxCharge>();
  const refByPayment = new Map<string, string>();
  return {
    async insert(charge) {
      const existing = refByPayment.get(charge.paymentId);
      const stored = existing === undefined ? undefined : byRef.get(existing);
      if (stored) return structuredClone(stored);
      byRef.set(charge.providerRef, structuredClone(charge));
      refByPayment.set(charge.paymentId, charge.providerRef);
      return structuredClone(charge);
    },
    async get(providerRef) {
      const charge = byRef.get(providerRef);
      return charge ? structuredClone(charge) : null;
    },
    async update(providerRef, patch, expectedStatus) {
      const charge = byRef.get(providerRef);
      if (!charge || (expectedStatus !== undefined && charge.status !== expectedStatus)) return null;
      const next = { ...charge, ...patch };
      byRef.set(providerRef, next);
      return structuredClone(next);
    },
  };
}
