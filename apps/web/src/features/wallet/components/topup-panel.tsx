import type { Currency } from '@numero/contract/common';
import { isValidTaxId, type PaymentIntent, type PaymentMethod, TOPUP_PRESETS } from '@numero/contract/wallet';
import { Barcode, CreditCard, QrCode, RotateCcw } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { TextField } from '../../../components/ui/field.tsx';
import { currencyFor, formatMoney } from '../../../i18n/format.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { createCheckoutSession } from '../api/create-checkout-session.ts';
import { useCreateIntent } from '../api/create-intent.ts';
import { methodsFor, parseAmountInput } from '../topup-form.ts';
import { CURRENCIES } from '../wallet-amounts.ts';
import { BoletoPayment } from './boleto-payment.tsx';
import { CardPayment } from './card-payment.tsx';
import { PixPayment } from './pix-payment.tsx';

const METHOD_ICONS = { pix: QrCode, card: CreditCard, boleto: Barcode } as const;

function Choice({
  pressed,
  onClick,
  children,
  disabled,
  testId,
}: {
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
      className={cn(
        'min-h-11 rounded-lg border px-3 py-2 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50',
        pressed
          ? 'border-brand-600 bg-brand-50 text-brand-800 ring-1 ring-brand-600'
          : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
      )}
    >
      {children}
    </button>
  );
}

/** The amount a currency starts with: the one asked for (a purchase's shortfall), else a middle preset. */
function startAmount(currency: Currency, prefill: Partial<Record<Currency, number>>): number {
  return prefill[currency] ?? TOPUP_PRESETS[currency][1]!;
}

/**
 * Amount, currency and method, then the chosen method's payment screen. `prefill` holds the amount to
 * start with per currency (what a purchase is short of); PIX and boleto always top up the BRL wallet.
 */
export function TopupPanel({ prefill = {} }: { prefill?: Partial<Record<Currency, number>> }) {
  const { t, i18n } = useTranslation('wallet');
  const [currency, setCurrency] = useState<Currency>(() => currencyFor(i18n.language));
  const [preset, setPreset] = useState<number | null>(() => startAmount(currencyFor(i18n.language), prefill));
  const [custom, setCustom] = useState('');
  const [method, setMethod] = useState<PaymentMethod>(() => methodsFor(currencyFor(i18n.language))[0]!);
  const [payerName, setPayerName] = useState('');
  const [payerTaxId, setPayerTaxId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [intent, setIntent] = useState<PaymentIntent | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const create = useCreateIntent();

  function chooseCurrency(next: Currency) {
    setCurrency(next);
    setPreset(startAmount(next, prefill));
    setCustom('');
    setMethod((m) => (methodsFor(next).includes(m) ? m : 'card'));
    setError(null);
  }

  // The currency follows the interface language, as everywhere in the store.
  const [lang, setLang] = useState(i18n.language);
  if (lang !== i18n.language) {
    setLang(i18n.language);
    chooseCurrency(currencyFor(i18n.language));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const amount = custom.trim() ? parseAmountInput(custom, i18n.language) : preset;
    if (!amount) {
      setError(t('topup.invalidAmount'));
      return;
    }
    if (method === 'boleto' && (payerName.trim().length < 3 || !isValidTaxId(payerTaxId))) {
      setError(t('topup.invalidPayer'));
      return;
    }
    setError(null);
    const payer = method === 'boleto' ? { name: payerName.trim(), tax_id: payerTaxId.trim() } : undefined;
    create.mutate(
      { amount, currency, method, payer },
      {
        onSuccess: async (created) => {
          if (created.method === 'card' && !created.sandbox) {
            // Real providers take the card on their own secure page.
            setRedirecting(true);
            try {
              const session = await createCheckoutSession({ amount, currency });
              window.location.assign(session.url);
            } catch (err) {
              setRedirecting(false);
              setError(err instanceof ApiError && err.detail ? err.detail : t('topup.error'));
            }
            return;
          }
          setIntent(created);
        },
        onError: (err) => {
          const detail = err instanceof ApiError && err.detail ? err.detail : t('topup.error');
          setError(detail);
          toast.error(detail);
        },
      },
    );
  }

  const reset = () => {
    setIntent(null);
    setError(null);
  };

  if (intent) {
    return (
      <Card>
        {intent.method === 'pix' && <PixPayment intent={intent} />}
        {intent.method === 'boleto' && <BoletoPayment intent={intent} />}
        {intent.method === 'card' && <CardPayment intent={intent} onRetry={reset} />}
        <Button
          variant="ghost"
          className="mt-4"
          onClick={reset}
          icon={<RotateCcw className="size-4" aria-hidden />}
        >
          {t('topup.newTopup')}
        </Button>
      </Card>
    );
  }

  // Choosing PIX or boleto while in dollars switches to reais: those methods only carry reais.
  function chooseMethod(next: PaymentMethod) {
    if (!methodsFor(currency).includes(next)) chooseCurrency('BRL');
    setMethod(next);
  }
  const asked = prefill[currency];
  const presets =
    asked && !TOPUP_PRESETS[currency].includes(asked)
      ? [asked, ...TOPUP_PRESETS[currency]]
      : TOPUP_PRESETS[currency];
  const chosenAmount = custom.trim() ? parseAmountInput(custom, i18n.language) : preset;
  return (
    <Card>
      <CardTitle>{t('topup.title')}</CardTitle>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-5">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">{t('topup.currency')}</legend>
          <div className="grid grid-cols-2 gap-2">
            {CURRENCIES.map((c) => (
              <Choice key={c} pressed={currency === c} onClick={() => chooseCurrency(c)}>
                {c === 'BRL' ? 'R$ · BRL' : '$ · USD'}
              </Choice>
            ))}
          </div>
        </fieldset>

        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">{t('topup.presets')}</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {presets.map((cents) => (
              <Choice
                key={cents}
                pressed={!custom.trim() && preset === cents}
                onClick={() => {
                  setPreset(cents);
                  setCustom('');
                }}
                testId={`preset-${cents}`}
              >
                <span className="tabular-nums">{formatMoney(cents, currency, i18n.language)}</span>
              </Choice>
            ))}
          </div>
          <TextField
            className="mt-3"
            label={t('topup.custom')}
            inputMode="decimal"
            placeholder={t('topup.customHint')}
            value={custom}
            onChange={(e) => setCustom(e.target.value)}
          />
        </fieldset>

        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">{t('topup.method')}</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {(['pix', 'card', 'boleto'] as const).map((m) => {
              const Icon = METHOD_ICONS[m];
              return (
                <Choice key={m} pressed={method === m} onClick={() => chooseMethod(m)} testId={`method-${m}`}>
                  <span className="flex items-center gap-2">
                    <Icon className="size-4 shrink-0" aria-hidden />
                    <span className="flex flex-col items-start">
                      <span>{t(`topup.methods.${m}`)}</span>
                      <span className="text-xs font-normal text-slate-500">
                        {t(`topup.methodHints.${m}`)}
                      </span>
                    </span>
                  </span>
                </Choice>
              );
            })}
          </div>
          <p className="mt-2 text-xs text-slate-600" data-testid="topup-wallet">
            {t(`topup.credits.${currency}`)}
            {currency !== 'BRL' && ` ${t('topup.brlOnly')}`}
          </p>
        </fieldset>

        {method === 'boleto' && (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('topup.payerName')}
              autoComplete="name"
              value={payerName}
              onChange={(e) => setPayerName(e.target.value)}
            />
            <TextField
              label={t('topup.payerTaxId')}
              inputMode="numeric"
              value={payerTaxId}
              onChange={(e) => setPayerTaxId(e.target.value)}
            />
          </div>
        )}

        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}

        <div className="flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">
            {t('topup.total')}:{' '}
            <span className="font-semibold text-slate-900 tabular-nums">
              {chosenAmount ? formatMoney(chosenAmount, currency, i18n.language) : '—'}
            </span>
          </p>
          <Button type="submit" loading={create.isPending || redirecting}>
            {create.isPending
              ? t('topup.submitting')
              : redirecting
                ? t('card.redirecting')
                : t('topup.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
