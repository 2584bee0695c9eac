import type {
  NotificationSettings,
  NotificationSettingsUpdate,
} from '@numero/contract/account-notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const notificationSettingsQuery = () =>
  queryOptions({
    queryKey: ['account', 'notifications'],
    queryFn: () => api<NotificationSettings>('/api/v1/users/me/notifications'),
  });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQuery());
}

/** Changes one or more notifications; the answer (every setting) replaces the cached ones. */
export function useUpdateNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettingsUpdate) =>
      api<NotificationSettings>('/api/v1/users/me/notifications', { method: 'PATCH', body }),
    onSuccess: (saved) => client.setQueryData(notificationSettingsQuery().queryKey, saved),
  });
}
