import type { WebhookDeliveriesPage } from '@numero/contract/reseller';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { API_KEYS_QUERY_KEY } from './get-api-keys.ts';

/** The last webhook deliveries shown beside a key's settings. */
export const RECENT_DELIVERIES = 5;

/** GET /api/v1/api-keys/{id}/webhook-deliveries: how the key's last events went. */
export function getWebhookDeliveries(id: string) {
  return api<WebhookDeliveriesPage>(
    `/api/v1/api-keys/${encodeURIComponent(id)}/webhook-deliveries?limit=${RECENT_DELIVERIES}`,
  );
}

export function useWebhookDeliveries(id: string) {
  return useQuery({
    queryKey: [...API_KEYS_QUERY_KEY, 'deliveries', id],
    queryFn: () => getWebhookDeliveries(id),
    staleTime: 0,
  });
}
