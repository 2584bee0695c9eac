import type { PaymentIntent } from '@numero/contract/wallet';
import type { PaymentRow } from './payments.repository.ts';

/** A payment as its payer sees it at `at`: the time left, and what the browser needs to pay it. */
export function toPaymentView(
  row: PaymentRow,
  at: number,
  { sandbox, publicKey }: { sandbox: boolean; publicKey: string | undefined },
): PaymentIntent {
  const view: PaymentIntent = {
    id: row.id,
    status: row.status,
    method: row.method,
    amount: row.amount,
    currency: row.currency,
    expires_at: row.expiresAt ? row.expiresAt.toISOString() : null,
    remaining_seconds: row.expiresAt ? Math.max(0, Math.floor((row.expiresAt.getTime() - at) / 1000)) : null,
    created_at: row.createdAt.toISOString(),
    credited: row.creditedAt !== null,
    failure_reason: row.failureReason,
    sandbox,
  };
  if (row.pixCopyPaste) view.pix = { copy_paste: row.pixCopyPaste, qr_code: row.pixQr ?? '' };
  if (row.boletoLine)
    view.boleto = { digitable_line: row.boletoLine, ...(row.boletoUrl ? { url: row.boletoUrl } : {}) };
  if (row.method === 'card' && row.kind === 'charge') {
    view.card = {};
    if (row.clientSecret) view.card.client_secret = row.clientSecret;
    if (publicKey) view.card.public_key = publicKey;
  }
  if (row.checkoutUrl) view.checkout_url = row.checkoutUrl;
  return view;
}
