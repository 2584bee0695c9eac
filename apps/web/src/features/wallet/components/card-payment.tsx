import type { PaymentIntent } from '@numero/contract/wallet';
import { CreditCard, Lock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { formatMoney } from '../../../i18n/format.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useConfirmIntent } from '../api/confirm-intent.ts';
import { formatCardNumber, parseExpiry } from '../topup-form.ts';
import { PaymentOutcome } from './payment-outcome.tsx';
import { usePaymentWatch } from './use-payment-watch.ts';

/** The sandbox's card form: real providers collect cards on their own hosted page instead. */
export function CardPayment({ intent, onRetry }: { intent: PaymentIntent; onRetry: () => void }) {
  const { t, i18n } = useTranslation('wallet');
  const payment = usePaymentWatch(intent.id, intent);
  const confirm = useConfirmIntent(intent.id);
  const current = payment.data ?? intent;
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [holder, setHolder] = useState('');
  const [error, setError] = useState<string | null>(null);
  const amount = formatMoney(current.amount, current.currency, i18n.language);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const exp = parseExpiry(expiry);
    const digits = number.replace(/\D/g, '');
    if (!exp || digits.length < 12 || !/^\d{3,4}$/.test(cvc) || !holder.trim()) {
      setError(t('card.invalid'));
      return;
    }
    setError(null);
    confirm.mutate(
      { card: { number: digits, exp_month: exp.month, exp_year: exp.year, cvc, holder_name: holder.trim() } },
      {
        onError: (err) =>
          setError(err instanceof ApiError && err.detail ? err.detail : t('card.failed.other')),
      },
    );
  }

  return (
    <div className="flex flex-col gap-4" data-testid="card-payment">
      <div className="flex items-center gap-2">
        <CreditCard className="size-5 text-brand-700" aria-hidden />
        <h2 className="text-lg font-semibold text-slate-900">{t('card.title')}</h2>
      </div>
      <p className="text-3xl font-semibold tracking-tight text-slate-900 tabular-nums">{amount}</p>
      {current.status === 'pending' ? (
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <TextField
            className="sm:col-span-2"
            label={t('card.number')}
            inputMode="numeric"
            autoComplete="cc-number"
            value={number}
            onChange={(e) => setNumber(formatCardNumber(e.target.value))}
            placeholder="4242 4242 4242 4242"
            required
          />
          <TextField
            label={t('card.expiry')}
            inputMode="numeric"
            autoComplete="cc-exp"
            value={expiry}
            onChange={(e) => setExpiry(e.target.value.slice(0, 7))}
            placeholder="12/30"
            required
          />
          <TextField
            label={t('card.cvc')}
            inputMode="numeric"
            autoComplete="cc-csc"
            value={cvc}
            onChange={(e) => setCvc(e.target.value.replace(/\D/g, '').slice(0, 4))}
            placeholder="123"
            required
          />
          <TextField
            className="sm:col-span-2"
            label={t('card.holder')}
            autoComplete="cc-name"
            value={holder}
            onChange={(e) => setHolder(e.target.value)}
            required
          />
          {current.sandbox && <p className="text-xs text-slate-600 sm:col-span-2">{t('card.testCards')}</p>}
          {error && (
            <p role="alert" className="text-sm text-red-700 sm:col-span-2">
              {error}
            </p>
          )}
          <Button
            type="submit"
            className="sm:col-span-2"
            loading={confirm.isPending}
            icon={<Lock className="size-4" aria-hidden />}
          >
            {confirm.isPending ? t('card.paying') : t('card.pay', { amount })}
          </Button>
        </form>
      ) : (
        <>
          <PaymentOutcome payment={current} waitingText={t('result.checking')} />
          {current.status !== 'paid' && (
            <Button variant="secondary" onClick={onRetry}>
              {t('card.tryAgain')}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
