import type { Executor } from '../../db/client.ts';
import { isCheckViolation } from '../../db/sql.ts';
import { AppError, registerMessages } from '../../http/errors.ts';
import type { AccountKind, Currency, LedgerRepository, TransferKind } from './ledger.repository.ts';

registerMessages({
  INSUFFICIENT_FUNDS: {
    pt: 'Saldo insuficiente. Adicione saldo para continuar.',
    en: 'Insufficient balance. Add funds to continue.',
  },
});

export interface Leg {
  account: AccountKind;
  /** Required for a wallet leg: whose wallet. */
  userId?: string;
  /** Signed minor units: negative leaves the account, positive enters it. */
  amount: number;
}

export interface TransferInput {
  /** The same key twice moves money once: the second call finds the first transfer. */
  idempotencyKey: string;
  kind: TransferKind;
  currency: Currency;
  userId: string | null;
  description: string;
  reference?: string | null;
  legs: Leg[];
}

// The standard movements of the store, so callers name what happens instead of writing legs.
export const flows = {
  topup: (userId: string, amount: number): Leg[] => [
    { account: 'external_in', amount: -amount },
    { account: 'wallet', userId, amount },
  ],
  purchase: (userId: string, amount: number): Leg[] => [
    { account: 'wallet', userId, amount: -amount },
    { account: 'escrow', amount },
  ],
  capture: (amount: number): Leg[] => [
    { account: 'escrow', amount: -amount },
    { account: 'revenue', amount },
  ],
  refund: (userId: string, amount: number): Leg[] => [
    { account: 'escrow', amount: -amount },
    { account: 'wallet', userId, amount },
  ],
  /** Signed: a positive amount credits the wallet, a negative one debits it (never below zero). */
  adjustment: (userId: string, amount: number): Leg[] => [
    { account: 'staff_adjustments', amount: -amount },
    { account: 'wallet', userId, amount },
  ],
};

/** Where an account comes in the order every transfer locks its accounts. */
const lockRank = (leg: { kind: AccountKind; userId: string | null }) =>
  leg.kind === 'wallet' ? `0:${leg.userId}` : `1:${leg.kind}`;

export function createLedgerService({ repository }: { repository: LedgerRepository }) {
  return {
    /**
     * Posts a balanced transfer inside the caller's transaction. Returns false when the idempotency key
     * was used before (nothing moves); throws INSUFFICIENT_FUNDS when a wallet would go below zero.
     */
    async transfer(tx: Executor, input: TransferInput): Promise<boolean> {
      const total = input.legs.reduce((s, l) => s + l.amount, 0);
      if (total !== 0 || input.legs.some((l) => !Number.isSafeInteger(l.amount) || l.amount === 0)) {
        throw new Error(`unbalanced or invalid transfer ${input.idempotencyKey}`);
      }
      const amount = input.legs.filter((l) => l.amount > 0).reduce((s, l) => s + l.amount, 0);
      const owned = input.legs.map((l) => ({
        kind: l.account,
        userId: l.account === 'wallet' ? l.userId! : null,
        amount: l.amount,
      }));
      const ids = await repository.accountIds(input.currency, owned, tx);
      // Every transfer locks its accounts in one order, so two of them cannot deadlock: the customer's
      // wallet first, then the store's own accounts by kind. Escrow, which every purchase and refund
      // updates, is so locked by the last statement, and held only until the commit.
      const legs = owned
        .map((l, i) => ({ ...l, accountId: ids[i]! }))
        .sort((a, b) => (lockRank(a) < lockRank(b) ? -1 : 1));
      try {
        const [first, ...rest] = legs;
        const { idempotencyKey, kind, currency, userId, description } = input;
        const transferId = await repository.openTransfer(
          { idempotencyKey, kind, currency, amount, userId, description, reference: input.reference ?? null },
          first!,
          tx,
        );
        if (transferId === null) return false;
        for (const leg of rest) await repository.applyEntry(transferId, leg.accountId, leg.amount, tx);
      } catch (err) {
        if (isCheckViolation(err)) throw new AppError('INSUFFICIENT_FUNDS', 402);
        throw err;
      }
      return true;
    },

    walletBalance: repository.walletBalance,
    listWallets: repository.listWallets,
    listWalletEntries: repository.listWalletEntries,
    findTransferByKey: repository.findTransferByKey,
    countRows: repository.countRows,

    async verify(): Promise<string[]> {
      const b = await repository.findBreaches();
      const problems: string[] = [];
      for (const r of b.unbalanced)
        problems.push(`transfer ${r.transfer_id} entries sum to ${r.total}, not 0`);
      for (const r of b.empty) problems.push(`transfer ${r.id} has no entries`);
      for (const r of b.mixedCurrency)
        problems.push(`entry ${r.id} is in another currency than its transfer`);
      for (const r of b.staleBalance)
        problems.push(`account ${r.id} caches ${r.balance} but its entries sum to ${r.entries}`);
      for (const r of b.overdrawn) problems.push(`account ${r.id} is below zero (${r.balance})`);
      for (const r of b.currencyTotals) problems.push(`entries in ${r.currency} sum to ${r.total}, not 0`);
      return problems;
    },
  };
}
export type LedgerService = ReturnType<typeof createLedgerService>;
