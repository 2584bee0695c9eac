import { randomUUID } from 'node:crypto';
import type { WalletAdjustment, WalletAdjustmentBody } from '@numero/contract/wallet';
import type { Db, Executor } from '../../db/client.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { flows, type LedgerService } from '../ledger/ledger.service.ts';
import { ADJUSTMENT_DESCRIPTION, formatMoney } from './wallet.service.ts';

/**
 * Staff credit or debit a customer's wallet: one ledger transfer against the staff-adjustments account
 * and its audit row (with the reason and the balance before and after) in one transaction. A debit that
 * would take the wallet below zero is refused by the ledger and changes nothing.
 */
export function createStaffAdjustments(deps: {
  db: Db;
  ledger: Pick<LedgerService, 'transfer' | 'walletBalance'>;
  /** Whether the customer exists (the users table belongs to the account feature). */
  userExists: (id: string, ex: Executor) => Promise<boolean>;
  audit: Pick<AuditService, 'record'>;
}) {
  const { db, ledger, userExists, audit } = deps;
  return {
    async adjust(
      userId: string,
      input: WalletAdjustmentBody,
      actor: Actor,
      idempotencyKey: string | undefined,
    ): Promise<WalletAdjustment> {
      const { currency, amount, reason } = input;
      const applied = await db.transaction(async (tx) => {
        if (!(await userExists(userId, tx))) throw new AppError('USER_NOT_FOUND', 404);
        const before = await ledger.walletBalance(userId, currency, tx);
        const moved = await ledger.transfer(tx, {
          idempotencyKey: `adjustment:${userId}:${idempotencyKey ?? randomUUID()}`,
          kind: 'adjustment',
          currency,
          userId,
          description: ADJUSTMENT_DESCRIPTION.en,
          legs: flows.adjustment(userId, amount),
        });
        if (!moved) return false;
        await audit.record(
          {
            action: 'WALLET_ADJUSTMENT',
            actor: { id: actor.id, email: actor.email },
            entityType: 'users',
            entityId: userId,
            ip: actor.ip ?? null,
            before: { currency, balance: before },
            after: { currency, balance: before + amount, amount, reason },
          },
          tx,
        );
        return true;
      });
      const balance = await ledger.walletBalance(userId, currency);
      return {
        user_id: userId,
        currency,
        amount,
        balance,
        formatted: formatMoney(balance, currency),
        applied,
      };
    },
  };
}
export type StaffAdjustments = ReturnType<typeof createStaffAdjustments>;
