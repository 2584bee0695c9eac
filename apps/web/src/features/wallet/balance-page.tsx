import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PaymentOutcome } from './components/payment-outcome.tsx';
import { TopupPanel } from './components/topup-panel.tsx';
import { TransactionsTable } from './components/transactions-table.tsx';
import { usePaymentWatch } from './components/use-payment-watch.ts';
import { WalletBalances } from './components/wallet-balances.tsx';
import { topupPrefill } from './wallet-amounts.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Back from a provider's hosted checkout (?payment=…&checkout=success|cancel): how that payment ended. */
function CheckoutReturn({ id, onDismiss }: { id: string; onDismiss: () => void }) {
  const { t } = useTranslation('wallet');
  const payment = usePaymentWatch(id);
  return (
    <Card className="flex items-start gap-3">
      <div className="flex-1">
        {payment.data ? (
          <PaymentOutcome payment={payment.data} waitingText={t('result.checking')} />
        ) : (
          <p className="text-sm text-slate-600">{t('result.checking')}</p>
        )}
      </div>
      <Button variant="ghost" size="sm" aria-label={t('result.close')} onClick={onDismiss}>
        <X className="size-4" aria-hidden />
      </Button>
    </Card>
  );
}

/**
 * /dashboard/balance: balances per currency, top-up by PIX, card or boleto, and the history.
 * ?amount_BRL=…&amount_USD=… start the top-up with those amounts; `aside` is shown above the balances.
 */
export function BalancePage({ aside }: { aside?: ReactNode }) {
  const { t } = useTranslation('wallet');
  const [params, setParams] = useSearchParams();
  const returned = params.get('payment');
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{t('title')}</h1>
      <p className="mt-1 text-slate-600">{t('subtitle')}</p>
      <div className="mt-8 flex flex-col gap-6">
        {returned && UUID.test(returned) && (
          <CheckoutReturn id={returned} onDismiss={() => setParams({}, { replace: true })} />
        )}
        {aside}
        <WalletBalances />
        <TopupPanel prefill={topupPrefill(params)} />
        <TransactionsTable />
      </div>
    </div>
  );
}
