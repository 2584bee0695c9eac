import type { ActivationDetail } from '@numero/contract/activations';
import {
  ArrowLeft,
  CircleCheck,
  Clock,
  Loader2,
  MessageSquareText,
  RotateCcw,
  ShoppingBag,
  XCircle,
} from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ServiceIcon } from '../../components/brand-icons.tsx';
import { CopyButton } from '../../components/copy-field.tsx';
import { CountryFlag } from '../../components/country-flag.tsx';
import { SupportLinks } from '../../components/support-contact.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { formatDateTime, formatMoney } from '../../i18n/format.ts';
import { normaliseLanguage } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import { operatorName } from '../../lib/operator-name.ts';
import { toast } from '../../lib/toast.ts';
import { formatCountdown, formatPhone } from './activation-format.ts';
import { useCancelActivation } from './api/cancel-activation.ts';
import { useFinishActivation } from './api/finish-activation.ts';
import { useActivation } from './api/get-activation.ts';
import { useRequestAnotherSms } from './api/resend-sms.ts';
import { NotifyMeButton, notifyCode, useCodeInTitle } from './code-alerts.tsx';
import { ReuseNumber } from './components/reuse-number.tsx';
import { StatusBadge } from './components/status-badge.tsx';
import { useCountdown } from './use-countdown.ts';

const backLink =
  'inline-flex min-h-11 items-center gap-2 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900';

/** /dashboard/activations/:id — the number, a 20-minute countdown and the code as soon as it arrives. */
export function ActivationPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('activations');
  const activation = useActivation(id);

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <Link to="/dashboard/orders" className={backLink}>
        <ArrowLeft className="size-4" aria-hidden />
        {t('page.back')}
      </Link>
      {activation.isPending ? (
        <ActivationSkeleton label={t('common:loading')} />
      ) : activation.isError ? (
        activation.error instanceof ApiError && activation.error.status === 404 ? (
          <div className="mt-6">
            <EmptyState title={t('errors.notFound')}>
              <p>{t('errors.notFoundText')}</p>
            </EmptyState>
          </div>
        ) : (
          <div className="mt-6">
            <ErrorState
              message={t('errors.load')}
              retryLabel={t('common:retry')}
              onRetry={() => void activation.refetch()}
            />
          </div>
        )
      ) : (
        <ActivationView activation={activation.data} receivedAt={activation.dataUpdatedAt} />
      )}
    </div>
  );
}

function ActivationView({ activation: a, receivedAt }: { activation: ActivationDetail; receivedAt: number }) {
  const { t, i18n } = useTranslation('activations');
  const lang = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);
  const countryName = lang === 'en' ? a.country_name_en : a.country_name_pt;
  const price = formatMoney(a.price, a.currency, lang);
  const live = a.status === 'waiting_sms' || a.status === 'code_received';
  const secondsLeft = useCountdown(a.remaining_seconds, receivedAt, live);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const cancel = useCancelActivation();
  const resend = useRequestAnotherSms();
  const finish = useFinishActivation();

  // Say so when a code arrives while the customer is looking (not for one that was there on load):
  // on the page, in the tab's title, and as a system notification when they allowed them.
  const lastCode = useRef(a.code);
  useEffect(() => {
    if (a.code && a.code !== lastCode.current) {
      toast.success(t('toasts.codeArrived'));
      notifyCode(
        t('page.notifyTitle', { code: a.code }),
        t('page.notifyBody', {
          service: a.service_name,
          number: a.phone_number ? formatPhone(a.phone_number) : '',
        }),
      );
    }
    lastCode.current = a.code;
  }, [a.code, a.service_name, a.phone_number, t]);
  useCodeInTitle(a.code);

  const failed = (error: unknown) =>
    toast.error(error instanceof ApiError && error.detail ? error.detail : t('errors.action'));

  const onCancel = () =>
    cancel.mutate(a.id, {
      onSuccess: () => {
        setConfirmCancel(false);
        toast.success(t('toasts.cancelled', { amount: price }));
      },
      onError: (error) => {
        setConfirmCancel(false);
        failed(error);
      },
    });
  const onResend = () =>
    resend.mutate(a.id, { onSuccess: () => toast.success(t('toasts.resent')), onError: failed });
  const onFinish = () =>
    finish.mutate(a.id, { onSuccess: () => toast.success(t('toasts.finished')), onError: failed });

  const ended = ['finished', 'cancelled', 'expired', 'failed'].includes(a.status);

  return (
    <article className="mt-4 flex flex-col gap-4" data-testid="activation" data-activation-id={a.id}>
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span
            className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-slate-100"
            aria-hidden
          >
            <ServiceIcon code={a.service_code} name={a.service_name} className="size-7" />
          </span>
          <div className="min-w-0">
            <h1 className="truncate text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">
              {a.service_name}
            </h1>
            <p className="text-sm text-slate-600">
              <CountryFlag code={a.country_code} className="mr-1 inline-flex align-[-2px]" /> {countryName}
            </p>
          </div>
        </div>
        <StatusBadge status={a.status} />
      </header>

      {a.phone_number && (
        <Card className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="text-sm font-medium text-slate-600">{t('page.number')}</p>
            <p
              className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums sm:text-3xl"
              data-testid="activation-number"
            >
              {formatPhone(a.phone_number)}
            </p>
          </div>
          <CopyButton
            value={`+${a.phone_number}`}
            label={t('page.copyNumber')}
            copiedLabel={t('page.copied')}
            announce={false}
            failedText={t('page.copyFailed')}
            testId="copy-number"
          />
        </Card>
      )}

      <Card aria-live="polite" aria-atomic="false" className="flex flex-col gap-4">
        <CodeSection activation={a} />
        {live && secondsLeft !== null && (
          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-4">
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <Clock className="size-4" aria-hidden />
              {t('page.timeLeft')}
            </p>
            {/* A live region here would announce every second; the status above is what gets announced. */}
            <p
              role="timer"
              aria-live="off"
              className="font-mono text-lg font-semibold tabular-nums"
              data-testid="countdown"
            >
              {formatCountdown(secondsLeft)}
            </p>
            {a.status === 'waiting_sms' && (
              <p className="w-full text-xs text-slate-500">{t('page.timeLeftHint')}</p>
            )}
          </div>
        )}
      </Card>

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {a.status === 'waiting_sms' && <NotifyMeButton label={t('page.notify')} />}
        {a.can_resend && (
          <Button
            variant="secondary"
            onClick={onResend}
            loading={resend.isPending}
            icon={<RotateCcw className="size-4" aria-hidden />}
          >
            {t('actions.resend')}
          </Button>
        )}
        {a.can_finish && (
          <Button
            onClick={onFinish}
            loading={finish.isPending}
            icon={<CircleCheck className="size-4" aria-hidden />}
          >
            {t('actions.finish')}
          </Button>
        )}
        {a.can_cancel && (
          <Button
            variant="secondary"
            onClick={() => setConfirmCancel(true)}
            icon={<XCircle className="size-4" aria-hidden />}
          >
            {t('actions.cancel')}
          </Button>
        )}
        {a.can_reuse && <ReuseNumber activation={a} />}
        {ended && (
          <Link
            to={`/dashboard/products?service=${encodeURIComponent(a.service_code)}`}
            className={buttonClasses('primary')}
          >
            <ShoppingBag className="size-4" aria-hidden />
            {t('actions.buyAnother')}
          </Link>
        )}
      </div>

      {a.messages.length > 1 && (
        <Card>
          <h2 className="text-sm font-semibold text-slate-900">{t('page.messages')}</h2>
          <ol className="mt-3 flex flex-col gap-3">
            {a.messages.map((m) => (
              <li key={m.received_at} className="rounded-lg bg-slate-50 p-3 text-sm">
                <div className="flex items-center justify-between gap-2">
                  <span className="font-mono font-semibold tabular-nums">{m.code}</span>
                  <time dateTime={m.received_at} className="text-xs text-slate-500">
                    {formatDateTime(m.received_at, lang)}
                  </time>
                </div>
                <p className="mt-1 whitespace-pre-line text-slate-700">{m.text}</p>
              </li>
            ))}
          </ol>
        </Card>
      )}

      <Card>
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <dt className="text-slate-600">{t('page.price')}</dt>
          <dd className="text-right font-semibold tabular-nums" data-testid="activation-price">
            {price}
          </dd>
          {a.operator && (
            <>
              <dt className="text-slate-600">{t('page.operator')}</dt>
              <dd className="text-right font-medium" data-testid="activation-operator">
                {operatorName(a.operator)}
              </dd>
            </>
          )}
          <dt className="text-slate-600">{t('page.createdAt')}</dt>
          <dd className="text-right tabular-nums">{formatDateTime(a.created_at, lang)}</dd>
        </dl>
        {a.settled && (
          <p
            className={cn('mt-3 text-sm', a.settled === 'refunded' ? 'text-emerald-700' : 'text-slate-600')}
            data-testid="activation-settled"
          >
            {t(a.settled === 'refunded' ? 'page.refunded' : 'page.charged', { amount: price })}
          </p>
        )}
      </Card>

      <Dialog
        open={confirmCancel}
        onClose={() => setConfirmCancel(false)}
        title={t('cancelDialog.title')}
        closeLabel={t('common:close')}
      >
        <p className="text-slate-700">{t('cancelDialog.text', { amount: price })}</p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConfirmCancel(false)}>
            {t('cancelDialog.keep')}
          </Button>
          <Button variant="danger" onClick={onCancel} loading={cancel.isPending}>
            {cancel.isPending ? t('cancelDialog.busy') : t('cancelDialog.confirm')}
          </Button>
        </div>
      </Dialog>
      <Card className="bg-slate-50" data-testid="activation-help">
        <p className="text-sm font-semibold text-slate-900">{t('common:support.title')}</p>
        <p className="mt-1 text-sm text-slate-600">{t('common:support.activationHint')}</p>
        <SupportLinks className="mt-1" />
      </Card>
    </article>
  );
}

function CodeSection({ activation: a }: { activation: ActivationDetail }) {
  const { t } = useTranslation('activations');
  if (a.status === 'pending') return <Waiting text={t('page.pending')} />;
  if (a.status === 'waiting_sms')
    return <Waiting text={t('page.waiting')} hint={t('page.waitingHint', { service: a.service_name })} />;
  if (a.code) {
    return (
      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="flex items-center gap-2 text-sm font-medium text-slate-600">
              <MessageSquareText className="size-4" aria-hidden />
              {t('page.code')}
            </p>
            <p
              className="mt-1 font-mono text-4xl font-bold tracking-[0.2em] text-brand-800 tabular-nums"
              data-testid="activation-code"
            >
              {a.code}
            </p>
          </div>
          <CopyButton
            value={a.code}
            label={t('page.copyCode')}
            copiedLabel={t('page.copied')}
            announce={false}
            failedText={t('page.copyFailed')}
            testId="copy-code"
          />
        </div>
        {a.sms_text && (
          <div className="rounded-lg bg-slate-50 p-3 text-sm">
            <p className="text-xs font-medium text-slate-500">{t('page.smsText')}</p>
            {/* The message as the service sent it, in its own language: never machine-translated. */}
            <p className="mt-1 whitespace-pre-line text-slate-700" translate="no">
              {a.sms_text}
            </p>
          </div>
        )}
        {a.awaiting_sms && <Waiting text={t('page.waitingResend')} />}
      </div>
    );
  }
  const endedKey = a.status as 'cancelled' | 'expired' | 'failed' | 'finished';
  return <p className="text-slate-700">{t(`page.ended.${endedKey}`)}</p>;
}

function Waiting({ text, hint }: { text: string; hint?: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <Loader2 className="mt-0.5 size-5 shrink-0 animate-spin text-brand-700" aria-hidden />
      <div>
        <p className="font-medium text-slate-900">{text}</p>
        {hint && <p className="mt-1 text-sm text-slate-600">{hint}</p>}
      </div>
    </div>
  );
}

function ActivationSkeleton({ label }: { label: string }) {
  return (
    <div className="mt-4 flex flex-col gap-4">
      <p role="status" className="sr-only">
        {label}
      </p>
      <div className="flex items-center gap-3" aria-hidden>
        <Skeleton className="size-12 rounded-xl" />
        <div className="flex flex-col gap-2">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-4 w-24" />
        </div>
      </div>
      <Skeleton className="h-24 w-full rounded-2xl" />
      <Skeleton className="h-32 w-full rounded-2xl" />
    </div>
  );
}
