import type { PaymentIntent } from '@numero/contract/wallet';
import { FlaskConical, Timer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../components/copy-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatMoney } from '../../../i18n/format.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useSimulatePayment } from '../api/simulate-payment.ts';
import { formatCountdown } from '../countdown.ts';
import { PaymentOutcome } from './payment-outcome.tsx';
import { useCountdown, usePaymentWatch } from './use-payment-watch.ts';

/** Sandbox only: pays the charge as its payer would; the page then sees it through polling. */
export function SimulateButton({ id }: { id: string }) {
  const { t } = useTranslation('wallet');
  const simulate = useSimulatePayment(id);
  return (
    <div className="rounded-xl border border-dashed border-amber-300 bg-amber-50 p-3">
      <p className="mb-2 text-xs text-amber-900">{t('pix.sandbox')}</p>
      <Button
        variant="secondary"
        loading={simulate.isPending}
        disabled={simulate.isSuccess}
        icon={<FlaskConical className="size-4" aria-hidden />}
        onClick={() =>
          simulate.mutate(undefined, {
            onError: (err) =>
              toast.error(err instanceof ApiError && err.detail ? err.detail : t('topup.error')),
          })
        }
      >
        {simulate.isPending ? t('pix.simulating') : t('pix.simulate')}
      </Button>
    </div>
  );
}

export function PixPayment({ intent }: { intent: PaymentIntent }) {
  const { t, i18n } = useTranslation('wallet');
  const payment = usePaymentWatch(intent.id, intent);
  const current = payment.data ?? intent;
  const left = useCountdown(current.remaining_seconds, payment.dataUpdatedAt || Date.now());
  const amount = formatMoney(current.amount, current.currency, i18n.language);
  const pending = current.status === 'pending';
  return (
    <div className="flex flex-col gap-4" data-testid="pix-payment">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{t('pix.title')}</h2>
        <p className="mt-1 text-sm text-slate-600">{t('pix.instructions')}</p>
      </div>
      <p className="text-3xl font-semibold tracking-tight text-slate-900 tabular-nums">{amount}</p>
      {pending && current.pix && (
        <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-start">
          <img
            src={current.pix.qr_code}
            alt={t('pix.qrAlt', { amount })}
            width={208}
            height={208}
            className="mx-auto size-52 rounded-xl border border-slate-200 bg-white p-2"
          />
          <div className="flex flex-col gap-3">
            <CopyField
              label={t('pix.code')}
              value={current.pix.copy_paste}
              copyLabel={t('pix.copy')}
              copiedLabel={t('pix.copied')}
              testId="pix-code"
            />
            {left !== null && (
              <p className="flex items-center gap-2 text-sm text-slate-700">
                <Timer className="size-4 text-slate-500" aria-hidden />
                {t('pix.expiresIn')}{' '}
                <span className="font-semibold tabular-nums" data-testid="pix-countdown">
                  {formatCountdown(left)}
                </span>
              </p>
            )}
          </div>
        </div>
      )}
      <PaymentOutcome payment={current} waitingText={t('pix.waiting')} />
      {pending && current.sandbox && <SimulateButton id={current.id} />}
    </div>
  );
}
