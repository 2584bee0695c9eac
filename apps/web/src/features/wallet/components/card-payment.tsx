import type { CardInput, PaymentIntent } from '@numero/contract/wallet';
import { CreditCard, Lock } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { formatMoney } from '../../../i18n/format.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useConfirmIntent } from '../api/confirm-intent.ts';
import { CARD_INVALID, type CardFields, cardResolver, EMPTY_CARD } from '../card-form.ts';
import { formatCardNumber } from '../topup-form.ts';
import { PaymentOutcome } from './payment-outcome.tsx';
import { usePaymentWatch } from './use-payment-watch.ts';

/** The sandbox's card form: real providers collect cards on their own hosted page instead. */
export function CardPayment({ intent, onRetry }: { intent: PaymentIntent; onRetry: () => void }) {
  const { t, i18n } = useTranslation('wallet');
  const payment = usePaymentWatch(intent.id, intent);
  const confirm = useConfirmIntent(intent.id);
  const current = payment.data ?? intent;
  const form = useForm<CardFields, unknown, CardInput>({ resolver: cardResolver, defaultValues: EMPTY_CARD });
  const { errors } = form.formState;
  const invalid = Object.keys(errors).length > 0;
  const [error, setError] = useState<string | null>(null);
  const amount = formatMoney(current.amount, current.currency, i18n.language);
  /** Each field keeps only what it can hold as the customer types (the number in groups of four). */
  const typed = (field: keyof CardFields, clean: (text: string) => string) =>
    form.register(field, {
      onChange: (e: { target: { value: string } }) =>
        form.setValue(field, clean(e.target.value), { shouldValidate: form.formState.isSubmitted }),
    });

  const onSubmit = form.handleSubmit((card) => {
    setError(null);
    confirm.mutate(
      { card },
      {
        onError: (err) =>
          setError(err instanceof ApiError && err.detail ? err.detail : t('card.failed.other')),
      },
    );
  });
  const message = invalid ? t(CARD_INVALID) : error;

  return (
    <div className="flex flex-col gap-4" data-testid="card-payment">
      <div className="flex items-center gap-2">
        <CreditCard className="size-5 text-brand-700" aria-hidden />
        <h2 className="text-lg font-semibold text-slate-900">{t('card.title')}</h2>
      </div>
      <p className="text-3xl font-semibold tracking-tight text-slate-900 tabular-nums">{amount}</p>
      {current.status === 'pending' ? (
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4 sm:grid-cols-2">
          <TextField
            className="sm:col-span-2"
            label={t('card.number')}
            inputMode="numeric"
            autoComplete="cc-number"
            {...typed('number', formatCardNumber)}
            aria-invalid={errors.number ? true : undefined}
            placeholder="4242 4242 4242 4242"
            required
          />
          <TextField
            label={t('card.expiry')}
            inputMode="numeric"
            autoComplete="cc-exp"
            {...typed('expiry', (v) => v.slice(0, 7))}
            aria-invalid={errors.expiry ? true : undefined}
            placeholder="12/30"
            required
          />
          <TextField
            label={t('card.cvc')}
            inputMode="numeric"
            autoComplete="cc-csc"
            {...typed('cvc', (v) => v.replace(/\D/g, '').slice(0, 4))}
            aria-invalid={errors.cvc ? true : undefined}
            placeholder="123"
            required
          />
          <TextField
            className="sm:col-span-2"
            label={t('card.holder')}
            autoComplete="cc-name"
            {...form.register('holder')}
            aria-invalid={errors.holder ? true : undefined}
            required
          />
          {current.sandbox && <p className="text-xs text-slate-600 sm:col-span-2">{t('card.testCards')}</p>}
          {message && (
            <p role="alert" className="text-sm text-red-700 sm:col-span-2">
              {message}
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
