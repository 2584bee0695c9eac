import type { Currency } from '@numero/contract/common';
import { MAX_ADJUSTMENT_CENTS, WalletAdjustmentBody } from '@numero/contract/wallet';
import { z } from 'zod';
import { keyedResolver } from '../../lib/keyed-resolver.ts';

export interface AdjustFields {
  currency: Currency;
  amount: string;
  reason: string;
}

/** Signed cents from "10", "-5,50", "+2.5"; null when it is not a non-zero amount within the limit. */
export function parseSignedAmount(text: string): number | null {
  const match = /^([+-]?)(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.replace(/R\$|US\$|\$|\s/g, ''));
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  const signed = match[1] === '-' ? -cents : cents;
  return signed !== 0 && Math.abs(signed) <= MAX_ADJUSTMENT_CENTS ? signed : null;
}

/** A key for one adjustment the dialog sends: a retry of the same submit never moves money twice. */
export function adjustmentKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `staff-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The typed amount read as signed cents (unreadable counts as zero, which the contract refuses). */
const adjustSchema = z.object({
  currency: WalletAdjustmentBody.shape.currency,
  amount: z
    .string()
    .transform((text) => parseSignedAmount(text) ?? 0)
    .pipe(WalletAdjustmentBody.shape.amount),
  reason: WalletAdjustmentBody.shape.reason,
});

/** react-hook-form's resolver for an adjustment, by the contract's WalletAdjustmentBody; errors are text keys. */
export const adjustResolver = keyedResolver<AdjustFields, WalletAdjustmentBody>(adjustSchema, {
  amount: 'adjust.errors.amount',
  reason: 'adjust.errors.reason',
});
