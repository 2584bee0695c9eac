import type { PaymentIntent } from '@numero/contract/wallet';
import { AppError } from '../../http/errors.ts';
import { toPaymentView } from './payment-view.ts';
import type { PaymentRow } from './payments.repository.ts';
import type { PaymentsDeps } from './payments-deps.ts';

/** A payer's own payments as the payer sees them, shared by every use case that answers a payer. */
export function createOwnedPayments(deps: Pick<PaymentsDeps, 'repository' | 'now' | 'built'>) {
  const { repository, now } = deps;
  const { sandbox, publicKey } = deps.built;

  function toView(row: PaymentRow): PaymentIntent {
    return toPaymentView(row, now().getTime(), { sandbox: sandbox !== null, publicKey });
  }

  // Someone else's payment answers as missing, so ids cannot be probed.
  async function owned(userId: string, id: string): Promise<PaymentRow> {
    const row = await repository.findOwned(id, userId);
    if (!row) throw new AppError('PAYMENT_NOT_FOUND', 404);
    return row;
  }

  /** The payer's PIX and boleto charges still open, each with the time it has left. */
  async function listOpen(
    userId: string,
    page: { skip: number; limit: number },
  ): Promise<{ items: PaymentIntent[]; total: number }> {
    const { items, total } = await repository.listOpenOwned(userId, now(), page);
    return { items: items.map(toView), total };
  }

  return { toView, owned, listOpen };
}
export type OwnedPayments = ReturnType<typeof createOwnedPayments>;
