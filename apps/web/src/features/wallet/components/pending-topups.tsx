import type { PaymentIntent } from '@numero/contract/wallet';
import { Barcode, QrCode, Timer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { formatMoney } from '../../../i18n/format.ts';
import { usePendingPayments } from '../api/get-pending-payments.ts';
import { formatCountdown } from '../countdown.ts';
import { useCountdown } from './use-payment-watch.ts';

/** What a waiting top-up is, in the reader's words: "PIX de R$ 50,00". */
export function usePendingLabel() {
  const { t, i18n } = useTranslation('wallet');
  return (payment: PaymentIntent) =>
    t('pending.item', {
      method: t(`topup.methods.${payment.method}`),
      amount: formatMoney(payment.amount, payment.currency, i18n.language),
    });
}

function PendingRow({
  payment,
  measuredAt,
  onOpen,
}: {
  payment: PaymentIntent;
  measuredAt: number;
  onOpen?: (payment: PaymentIntent) => void;
}) {
  const { t } = useTranslation('wallet');
  const label = usePendingLabel();
  const left = useCountdown(payment.remaining_seconds, measuredAt);
  // Expired while on screen: nobody can pay it any more.
  if (left === 0) return null;
  const Icon = payment.method === 'boleto' ? Barcode : QrCode;
  const action = payment.method === 'boleto' ? t('pending.openBoleto') : t('pending.open');
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid={`pending-topup-${payment.id}`}>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-amber-50 text-amber-800">
        <Icon className="size-5" aria-hidden />
      </span>
      <span className="min-w-0 flex-1 text-sm">
        <span className="block font-medium text-slate-900 tabular-nums">{label(payment)}</span>
        {left !== null && (
          <span className="flex items-center gap-1 text-slate-600">
            <Timer className="size-3.5" aria-hidden />
            <span className="tabular-nums">{t('pending.expiresIn', { time: formatCountdown(left) })}</span>
          </span>
        )}
      </span>
      {onOpen ? (
        <Button variant="secondary" size="sm" className="min-h-11" onClick={() => onOpen(payment)}>
          {action}
        </Button>
      ) : (
        <Link
          to={`/dashboard/balance?open=${payment.id}`}
          className={`${buttonClasses('secondary', 'sm')} min-h-11`}
        >
          {action}
        </Link>
      )}
    </li>
  );
}

/**
 * The caller's PIX and boleto top-ups still open to payment, each with its time left and a way back to
 * its code: `onOpen` shows it on this page, else it links to the balance page that does. `hidden` is
 * the one already on screen. Nothing at all while none waits.
 */
export function PendingTopups({
  onOpen,
  hidden,
}: {
  onOpen?: (payment: PaymentIntent) => void;
  hidden?: string;
}) {
  const { t } = useTranslation('wallet');
  const pending = usePendingPayments();
  const items = (pending.data?.items ?? []).filter((p) => p.id !== hidden && p.status === 'pending');
  if (items.length === 0) return null;
  return (
    <Card className="border-amber-200" data-testid="pending-topups">
      <section aria-labelledby="pending-topups-title">
        <CardTitle>
          <span id="pending-topups-title">{t('pending.title')}</span>
        </CardTitle>
        <p className="text-sm text-slate-600">{t('pending.hint')}</p>
        <ul className="mt-1 divide-y divide-slate-100">
          {items.map((p) => (
            <PendingRow key={p.id} payment={p} measuredAt={pending.dataUpdatedAt} onOpen={onOpen} />
          ))}
        </ul>
      </section>
    </Card>
  );
}
