import type { Currency } from '@numero/contract/common';
import { type CreateIntentBody, type PaymentMethod, TOPUP_PRESETS } from '@numero/contract/wallet';
import { Barcode, CreditCard, QrCode, RotateCcw } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { TextField } from '../../../components/ui/field.tsx';
import { currencyFor, formatMoney } from '../../../i18n/format.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useStoreInfo } from '../../../lib/store-info.ts';
import { toast } from '../../../lib/toast.ts';
import { createCheckoutSession } from '../api/create-checkout-session.ts';
import { useCreateIntent } from '../api/create-intent.ts';
import {
  asksPayer,
  chosenAmount,
  firstTopupProblem,
  methodsFor,
  TOPUP_MESSAGES,
  type TopupContext,
  type TopupFields,
  topupResolver,
} from '../topup-form.ts';
import { CURRENCIES } from '../wallet-amounts.ts';
import { BoletoPayment } from './boleto-payment.tsx';
import { CardPayment } from './card-payment.tsx';
import { PendingTopups } from './pending-topups.tsx';
import { PixPayment } from './pix-payment.tsx';
import { SecondTopupDialog } from './second-topup-dialog.tsx';
import { useOpenTopup } from './use-open-topup.ts';

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
 * Top-ups still open are listed above it and shown again after a reload (see useOpenTopup); a new one
 * while one waits is asked about first.
 */
export function TopupPanel({ prefill = {} }: { prefill?: Partial<Record<Currency, number>> }) {
  const { t, i18n } = useTranslation('wallet');
  const info = useStoreInfo();
  const limits = info?.topup_limits;
  const payerRequired = info?.payer_required;
  const form = useForm<TopupFields, TopupContext, CreateIntentBody>({
    resolver: topupResolver,
    context: { lang: i18n.language, limits, payerRequired },
    defaultValues: (() => {
      const currency = currencyFor(i18n.language);
      return {
        currency,
        method: methodsFor(currency)[0]!,
        preset: startAmount(currency, prefill),
        custom: '',
        payerName: '',
        payerTaxId: '',
      };
    })(),
  });
  const { currency, method, preset, custom } = form.watch();
  // What the server answered (or the card page's redirect failing); the form's own checks are in its errors.
  const [error, setError] = useState<string | null>(null);
  // The form's body held while the customer is asked about a top-up already waiting.
  const [asking, setAsking] = useState<CreateIntentBody | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const create = useCreateIntent();
  const { intent, show: onIntent, waiting, measuredAt } = useOpenTopup();

  function chooseCurrency(next: Currency) {
    form.setValue('currency', next);
    form.setValue('preset', startAmount(next, prefill));
    form.setValue('custom', '');
    const current = form.getValues('method');
    form.setValue('method', methodsFor(next).includes(current) ? current : 'card');
    form.clearErrors();
    setError(null);
  }

  // The currency follows the interface language, as everywhere in the store.
  const [lang, setLang] = useState(i18n.language);
  useEffect(() => {
    if (lang === i18n.language) return;
    setLang(i18n.language);
    chooseCurrency(currencyFor(i18n.language));
  });

  function start(body: CreateIntentBody) {
    setError(null);
    create.mutate(body, {
      onSuccess: async (created) => {
        if (created.method === 'card' && !created.sandbox) {
          // Real providers take the card on their own secure page.
          setRedirecting(true);
          try {
            const session = await createCheckoutSession({ amount: body.amount, currency: body.currency });
            window.location.assign(session.url);
          } catch (err) {
            setRedirecting(false);
            setError(err instanceof ApiError && err.detail ? err.detail : t('topup.error'));
          }
          return;
        }
        onIntent(created);
      },
      onError: (err) => {
        const detail = err instanceof ApiError && err.detail ? err.detail : t('topup.error');
        setError(detail);
        toast.error(detail);
      },
    });
  }

  const submit = form.handleSubmit((body) => {
    if (waiting.length > 0) setAsking(body);
    else start(body);
  });

  /** A refusal of the form in the page's words; an amount outside the range names the limit it breaks. */
  const problem = firstTopupProblem(form.formState.errors);
  const range = limits?.[currency];
  const problemText = problem
    ? t(problem, {
        limit: range
          ? formatMoney(
              problem === TOPUP_MESSAGES.AMOUNT_TOO_LOW ? range.min : range.max,
              currency,
              i18n.language,
            )
          : '',
      })
    : null;

  const reset = () => {
    onIntent(null);
    setError(null);
    form.clearErrors();
  };

  const others = <PendingTopups onOpen={onIntent} hidden={intent?.id} />;
  if (intent) {
    return (
      <>
        {others}
        <Card key={intent.id}>
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
      </>
    );
  }

  // Choosing PIX or boleto while in dollars switches to reais: those methods only carry reais.
  function chooseMethod(next: PaymentMethod) {
    if (!methodsFor(currency).includes(next)) chooseCurrency('BRL');
    form.setValue('method', next);
  }
  const asked = prefill[currency];
  const presets =
    asked && !TOPUP_PRESETS[currency].includes(asked)
      ? [asked, ...TOPUP_PRESETS[currency]]
      : TOPUP_PRESETS[currency];
  const amount = chosenAmount({ preset, custom }, i18n.language);
  const errors = form.formState.errors;
  return (
    <>
      {others}
      <Card>
        {asking && waiting[0] && (
          <SecondTopupDialog
            waiting={waiting[0]}
            measuredAt={measuredAt}
            onClose={() => setAsking(null)}
            onKeep={() => {
              setAsking(null);
              onIntent(waiting[0]!);
            }}
            onCreate={() => {
              setAsking(null);
              start(asking);
            }}
          />
        )}
        <CardTitle>{t('topup.title')}</CardTitle>
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-5">
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
                    form.setValue('preset', cents);
                    form.setValue('custom', '');
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
              aria-invalid={errors.custom ? true : undefined}
              {...form.register('custom')}
            />
          </fieldset>

          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-700">{t('topup.method')}</legend>
            <div className="grid gap-2 sm:grid-cols-3">
              {(['pix', 'card', 'boleto'] as const).map((m) => {
                const Icon = METHOD_ICONS[m];
                return (
                  <Choice
                    key={m}
                    pressed={method === m}
                    onClick={() => chooseMethod(m)}
                    testId={`method-${m}`}
                  >
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

          {asksPayer(method, payerRequired) && (
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label={t('topup.payerName')}
                autoComplete="name"
                aria-invalid={errors.payerName ? true : undefined}
                {...form.register('payerName')}
              />
              <TextField
                label={t('topup.payerTaxId')}
                inputMode="numeric"
                aria-invalid={errors.payerTaxId ? true : undefined}
                {...form.register('payerTaxId')}
              />
            </div>
          )}

          {(problemText ?? error) && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {problemText ?? error}
            </p>
          )}

          <div className="flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-600">
              {t('topup.total')}:{' '}
              <span className="font-semibold text-slate-900 tabular-nums">
                {amount ? formatMoney(amount, currency, i18n.language) : '—'}
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
    </>
  );
}
