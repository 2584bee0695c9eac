import type { LedgerService } from '../ledger/ledger.service.ts';
import type { NotificationsService } from './notifications.service.ts';

const NOTICE_OF = { topup: 'topup_credited', refund: 'activation_refunded' } as const;

/**
 * The ledger as the features use it, e-mailing the owner of a wallet that a top-up was credited or an
 * activation refunded, in the transaction that moves the money (so a notice exists exactly when the
 * money moved, once, whatever retried the move).
 */
export function withMoneyNotices(
  ledger: LedgerService,
  notices: Pick<NotificationsService, 'notifyCredit'>,
): LedgerService {
  return {
    ...ledger,
    async transfer(tx, input) {
      const moved = await ledger.transfer(tx, input);
      if (!moved || !(input.kind === 'topup' || input.kind === 'refund')) return moved;
      for (const leg of input.legs) {
        if (leg.account !== 'wallet' || !leg.userId || leg.amount <= 0) continue;
        await notices.notifyCredit(
          leg.userId,
          NOTICE_OF[input.kind],
          { cents: leg.amount, currency: input.currency },
          tx,
        );
      }
      return moved;
    },
  };
}
