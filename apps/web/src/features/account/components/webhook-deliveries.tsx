import type { WebhookDeliveryStatus } from '@numero/contract/reseller';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, ErrorState, Skeleton } from '../../../components/ui/feedback.tsx';
import { formatDateTime } from '../../../i18n/format.ts';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries.ts';

const TONES: Record<WebhookDeliveryStatus, 'success' | 'warning' | 'danger'> = {
  delivered: 'success',
  pending: 'warning',
  failed: 'danger',
};

/** The key's last webhook events: which activation, how it went, and why when it did not. */
export function WebhookDeliveries({ keyId }: { keyId: string }) {
  const { t, i18n } = useTranslation('api-keys');
  const deliveries = useWebhookDeliveries(keyId);
  let body: ReactNode;
  if (deliveries.isPending) body = <Skeleton className="h-11 w-full" />;
  else if (deliveries.isError)
    body = (
      <ErrorState
        message={t('deliveries.error')}
        retryLabel={t('retry')}
        onRetry={() => void deliveries.refetch()}
      />
    );
  else if (deliveries.data.items.length === 0)
    body = <p className="text-sm text-slate-500">{t('deliveries.empty')}</p>;
  else
    body = (
      <ul className="divide-y divide-slate-100" data-testid="webhook-deliveries">
        {deliveries.data.items.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span className="text-slate-700">
              {t('deliveries.activation', { id: d.activation_id })} ·{' '}
              {formatDateTime(d.created_at, i18n.language)}
            </span>
            <span className="flex items-center gap-2">
              {d.last_error && <span className="text-xs text-slate-500">{d.last_error}</span>}
              <span className="text-xs text-slate-500">
                {t('deliveries.attempts', { count: d.attempts })}
              </span>
              <Badge tone={TONES[d.status]}>{t(`deliveries.status.${d.status}`)}</Badge>
            </span>
          </li>
        ))}
      </ul>
    );
  return (
    <section className="mt-6 border-t border-slate-200 pt-4" aria-labelledby={`deliveries-${keyId}`}>
      <h3 id={`deliveries-${keyId}`} className="mb-2 text-sm font-semibold text-slate-900">
        {t('deliveries.title')}
      </h3>
      {body}
    </section>
  );
}
