import type { Activation } from '@numero/contract/activations';
import { Repeat } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { ErrorState, Skeleton } from '../../../components/ui/feedback.tsx';
import { formatMoney } from '../../../i18n/format.ts';
import { normaliseLanguage } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { formatPhone } from '../activation-format.ts';
import { useReuseQuote } from '../api/get-reuse-quote.ts';
import { newIdempotencyKey } from '../api/idempotency-key.ts';
import { useReuseActivation } from '../api/reuse-activation.ts';

/**
 * "Use this number again" on a number that received its code: a dialog that shows the price first (and
 * asks the number's seller whether it still sells it), then buys a new activation on the same number and
 * opens it. A seller's refusal is said plainly, before or after the attempt (then with its refund).
 */
export function ReuseNumber({ activation: a, size = 'md' }: { activation: Activation; size?: 'sm' | 'md' }) {
  const { t, i18n } = useTranslation('activations');
  const lang = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);
  const [open, setOpen] = useState(false);
  // Refused by the seller at the attempt itself (the quote said yes a moment before).
  const [refused, setRefused] = useState(false);
  const key = useRef('');
  const quote = useReuseQuote(a.id, open);
  const reuse = useReuseActivation();
  const navigate = useNavigate();

  const show = () => {
    // One key per opening: a double press or a retried request never charges twice.
    key.current = newIdempotencyKey();
    setRefused(false);
    setOpen(true);
  };
  const confirm = () =>
    reuse.mutate(
      { id: a.id, idempotencyKey: key.current },
      {
        onSuccess: (created) => {
          setOpen(false);
          toast.success(t('reuse.done'));
          void navigate(`/dashboard/activations/${created.id}`);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'REUSE_NOT_AVAILABLE') return setRefused(true);
          toast.error(error instanceof ApiError && error.detail ? error.detail : t('errors.action'));
        },
      },
    );

  const q = quote.data;
  const unavailable = refused || (q !== undefined && !q.available);
  return (
    <>
      <Button
        variant="secondary"
        size={size}
        onClick={show}
        icon={<Repeat className="size-4" aria-hidden />}
        data-testid="reuse-number"
      >
        {t('reuse.button')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('reuse.title')}
        closeLabel={t('common:close')}
      >
        {quote.isPending ? (
          <div className="flex flex-col gap-3" aria-busy>
            <p role="status" className="sr-only">
              {t('common:loading')}
            </p>
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-5 w-1/2" />
          </div>
        ) : quote.isError ? (
          <ErrorState
            message={t('reuse.loadError')}
            retryLabel={t('common:retry')}
            onRetry={() => void quote.refetch()}
          />
        ) : unavailable || !q ? (
          <div className="flex flex-col gap-4" data-testid="reuse-unavailable">
            <p className="font-medium text-slate-900">
              {q?.reason === 'REUSE_NOT_ALLOWED' ? t('reuse.notAllowed') : t('reuse.unavailable')}
            </p>
            {refused && <p className="text-sm text-emerald-700">{t('reuse.refunded')}</p>}
            <Link
              to={`/dashboard/products?service=${encodeURIComponent(a.service_code)}`}
              className={buttonClasses('primary')}
            >
              {t('actions.buyAnother')}
            </Link>
          </div>
        ) : (
          <div className="flex flex-col gap-4" data-testid="reuse-offer">
            <p className="text-slate-700">
              {t('reuse.text', { service: q.service_name, number: formatPhone(q.phone_number) })}
            </p>
            <p className="flex items-baseline justify-between rounded-lg bg-slate-50 p-3">
              <span className="text-sm text-slate-600">{t('reuse.price')}</span>
              <span className="text-lg font-semibold tabular-nums" data-testid="reuse-price">
                {formatMoney(q.price, q.currency, lang)}
              </span>
            </p>
            <p className="text-sm text-slate-600">{t('reuse.rules')}</p>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => setOpen(false)}>
                {t('reuse.keep')}
              </Button>
              <Button onClick={confirm} loading={reuse.isPending} data-testid="reuse-confirm">
                {t('reuse.confirm', { amount: formatMoney(q.price, q.currency, lang) })}
              </Button>
            </div>
          </div>
        )}
      </Dialog>
    </>
  );
}
