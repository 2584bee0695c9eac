import type { SmsProvidersResponse, SmsProvidersUpdate } from '@numero/contract/admin-reports';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

const key = [...adminKeys.all, 'sms-providers'] as const;

/** GET /api/v1/admin/sms/providers: health, order, performance and the latest SMS. */
export const getSmsProviders = () => api<SmsProvidersResponse>('/api/v1/admin/sms/providers');

export const useSmsProviders = () => useQuery({ queryKey: key, queryFn: getSmsProviders, staleTime: 0 });

/** PUT /api/v1/admin/sms/providers (ADMIN): the failover order and the providers switched off. */
export function useUpdateSmsProviders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SmsProvidersUpdate) =>
      api<SmsProvidersResponse>('/api/v1/admin/sms/providers', { method: 'PUT', body }),
    onSuccess: (data) => queryClient.setQueryData(key, data),
  });
}
