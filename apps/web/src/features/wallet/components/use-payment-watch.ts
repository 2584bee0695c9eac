import type { PaymentIntent } from '@numero/contract/wallet';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../i18n/format.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { usePayment } from '../api/get-payment.ts';

/**
 * Polls a payment until it settles; when it is paid, says so once and refreshes every balance on screen
 * (the header's and this page's) and the history.
 */
export function usePaymentWatch(id: string, initial?: PaymentIntent) {
  const { t, i18n } = useTranslation('wallet');
  const queryClient = useQueryClient();
  const payment = usePayment(id, initial);
  const announced = useRef(false);
  const status = payment.data?.status;
  useEffect(() => {
    if (status !== 'paid' || announced.current || !payment.data) return;
    announced.current = true;
    toast.success(
      t('result.paid', { amount: formatMoney(payment.data.amount, payment.data.currency, i18n.language) }),
    );
    void queryClient.invalidateQueries({ queryKey: queryRoots.wallet });
  }, [status, payment.data, queryClient, t, i18n.language]);
  return payment;
}

/** Seconds left until the server's expiry, ticking every second (the server's clock, not the browser's). */
export function useCountdown(remainingSeconds: number | null | undefined, measuredAt: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (remainingSeconds == null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [remainingSeconds]);
  if (remainingSeconds == null) return null;
  return Math.max(0, remainingSeconds - Math.floor((now - measuredAt) / 1000));
}
