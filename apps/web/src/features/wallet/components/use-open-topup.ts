import type { PaymentIntent } from '@numero/contract/wallet';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePendingPayments } from '../api/get-pending-payments.ts';

/**
 * The payment the top-up panel shows, and the top-ups still open beside it. On arrival the one asked
 * for (`?open=<id>`, from the dashboard's list) or else the newest still open is shown again, so a
 * reload or a trip to the bank app finds the same code; after that the customer's choices decide.
 */
export function useOpenTopup() {
  const pending = usePendingPayments();
  const [params] = useSearchParams();
  const [intent, setIntent] = useState<PaymentIntent | null>(null);
  const chosen = useRef(false);
  const wanted = params.get('open');

  useEffect(() => {
    if (chosen.current || !pending.data) return;
    chosen.current = true;
    const open = pending.data.items.filter((p) => p.status === 'pending');
    const first = open.find((p) => p.id === wanted) ?? open[0];
    if (first) setIntent(first);
  }, [pending.data, wanted]);

  const show = (next: PaymentIntent | null) => {
    chosen.current = true;
    setIntent(next);
  };
  const waiting = (pending.data?.items ?? []).filter((p) => p.status === 'pending' && p.id !== intent?.id);
  return { intent, show, waiting, measuredAt: pending.dataUpdatedAt };
}
