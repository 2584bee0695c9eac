import type { PaymentIntent } from '@numero/contract/wallet';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../components/copy-field.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { formatMoney, localeFor } from '../../../i18n/format.ts';
import { PaymentOutcome } from './payment-outcome.tsx';
import { SimulateButton } from './pix-payment.tsx';
import { usePaymentWatch } from './use-payment-watch.ts';

/** "23793381286000000001234567890123456789012345678" → the five printed groups. */
function printable(line: string): string {
  const d = line.replace(/\D/g, '');
  if (d.length !== 47) return line;
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d[32]} ${d.slice(33)}`;
}

export function BoletoPayment({ intent }: { intent: PaymentIntent }) {
  const { t, i18n } = useTranslation('wallet');
  const payment = usePaymentWatch(intent.id, intent);
  const current = payment.data ?? intent;
  const due = current.expires_at
    ? new Intl.DateTimeFormat(localeFor(i18n.language), {
        dateStyle: 'long',
        timeZone: 'America/Sao_Paulo',
      }).format(new Date(current.expires_at))
    : null;
  return (
    <div className="flex flex-col gap-4" data-testid="boleto-payment">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{t('boleto.title')}</h2>
        <p className="mt-1 text-sm text-slate-600">{t('boleto.instructions')}</p>
      </div>
      <p className="text-3xl font-semibold tracking-tight text-slate-900 tabular-nums">
        {formatMoney(current.amount, current.currency, i18n.language)}
      </p>
      {current.status === 'pending' && current.boleto && (
        <>
          <CopyField
            label={t('boleto.line')}
            value={printable(current.boleto.digitable_line)}
            copyLabel={t('boleto.copy')}
            copiedLabel={t('boleto.copied')}
            testId="boleto-line"
          />
          {due && <p className="text-sm text-slate-700">{t('boleto.dueDate', { date: due })}</p>}
          {current.boleto.url && (
            <a
              href={current.boleto.url}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses('secondary')}
            >
              <ExternalLink className="size-4" aria-hidden />
              {t('boleto.open')}
            </a>
          )}
        </>
      )}
      <PaymentOutcome payment={current} waitingText={t('pix.waiting')} />
      {current.status === 'pending' && current.sandbox && <SimulateButton id={current.id} />}
    </div>
  );
}
