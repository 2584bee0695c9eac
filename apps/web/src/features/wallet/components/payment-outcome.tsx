import type { PaymentIntent } from '@numero/contract/wallet';
import { CircleAlert, CircleCheck, Clock, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn.ts';
import { formatMoney } from '../../../i18n/format.ts';

/** The live status line of a payment: waiting, paid, or why it ended. */
export function PaymentOutcome({ payment, waitingText }: { payment: PaymentIntent; waitingText: string }) {
  const { t, i18n } = useTranslation('wallet');
  const amount = formatMoney(payment.amount, payment.currency, i18n.language);
  const tone = {
    pending: 'border-sky-200 bg-sky-50 text-sky-900',
    paid: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    failed: 'border-red-200 bg-red-50 text-red-800',
    expired: 'border-amber-200 bg-amber-50 text-amber-900',
    cancelled: 'border-slate-200 bg-slate-50 text-slate-700',
  }[payment.status];
  const Icon = {
    pending: Loader2,
    paid: CircleCheck,
    failed: CircleAlert,
    expired: Clock,
    cancelled: CircleAlert,
  }[payment.status];
  const text =
    payment.status === 'pending'
      ? waitingText
      : payment.status === 'paid'
        ? t('result.paid', { amount })
        : payment.status === 'failed' && payment.method === 'card'
          ? t(`card.failed.${knownReason(payment.failure_reason)}`)
          : t(`result.${payment.status}`);
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="payment-status"
      data-status={payment.status}
      className={cn('flex items-center gap-2 rounded-xl border px-4 py-3 text-sm font-medium', tone)}
    >
      <Icon className={cn('size-4 shrink-0', payment.status === 'pending' && 'animate-spin')} aria-hidden />
      {text}
    </p>
  );
}

function knownReason(
  reason: string | null,
): 'declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc' | 'other' {
  return reason === 'declined' ||
    reason === 'insufficient_funds' ||
    reason === 'expired_card' ||
    reason === 'incorrect_cvc'
    ? reason
    : 'other';
}
