import type { Currency } from '@numero/contract/common';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../i18n/format.ts';
import { normaliseLanguage } from '../i18n/index.ts';
import { queryRoots } from './query-keys.ts';
import { toast } from './toast.ts';

export const EVENTS_URL = '/api/v1/events';

// Whether the stream is open right now: polling slows down while it is, and takes over when it is not.
let streamOpen = false;
const openListeners = new Set<() => void>();

/** True while the server's event stream is connected; screens then poll only as a safety net. */
export function isLiveStreamOpen(): boolean {
  return streamOpen;
}

function setStreamOpen(open: boolean) {
  if (streamOpen === open) return;
  streamOpen = open;
  for (const listener of openListeners) listener();
}

interface ActivationEvent {
  id: string;
  status: string | null;
  code: string | null;
}
interface WalletEvent {
  kind: string;
  currency: Currency;
  amount: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Puts the news into every cached copy of that activation at once, then refetches the rest. */
export function applyActivationEvent(queryClient: QueryClient, event: ActivationEvent) {
  queryClient.setQueriesData({ queryKey: queryRoots.activations }, (data: unknown) => {
    if (!isRecord(data) || data.id !== event.id) return data;
    return {
      ...data,
      ...(event.status ? { status: event.status } : {}),
      ...(event.code ? { code: event.code } : {}),
    };
  });
  void queryClient.invalidateQueries({ queryKey: queryRoots.activations });
}

function parse<T>(message: MessageEvent): T | null {
  try {
    return JSON.parse(String(message.data)) as T;
  } catch {
    return null;
  }
}

/**
 * Listens to the signed-in customer's events (GET /api/v1/events) and keeps the cached activations and
 * wallet in step: a code shows the moment upstream has it, the header balance follows every credit.
 * EventSource reconnects by itself (sending Last-Event-ID, so nothing is missed); while it is down the
 * screens fall back to their own polling. Mounted only inside the signed-in area: leaving it (signing
 * out) closes the stream.
 */
export function LiveEventsProvider({ children }: { children?: ReactNode }) {
  const queryClient = useQueryClient();
  const { t, i18n } = useTranslation();

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(EVENTS_URL, { withCredentials: true });
    source.onopen = () => setStreamOpen(true);
    source.onerror = () => setStreamOpen(false);
    source.addEventListener('activation', (message) => {
      const event = parse<ActivationEvent>(message as MessageEvent);
      if (event?.id) applyActivationEvent(queryClient, event);
    });
    // A rental changed or received SMS (features/rentals): its screens refetch, and a new SMS is told.
    source.addEventListener('rental', (message) => {
      const event = parse<{ id: string; sms?: number }>(message as MessageEvent);
      if (!event?.id) return;
      void queryClient.invalidateQueries({ queryKey: queryRoots.rentals });
      if (event.sms) toast.info(t('live.rentalSms'));
    });
    source.addEventListener('wallet', (message) => {
      const event = parse<WalletEvent>(message as MessageEvent);
      if (!event) return;
      void queryClient.invalidateQueries({ queryKey: queryRoots.wallet });
      if (event.kind === 'topup' && event.amount > 0) {
        const lang = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);
        toast.success(t('live.topupCredited', { amount: formatMoney(event.amount, event.currency, lang) }));
      }
    });
    return () => {
      source.close();
      setStreamOpen(false);
    };
  }, [queryClient, t, i18n]);

  return <>{children}</>;
}
