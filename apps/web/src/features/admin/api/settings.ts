import type { SettingsUpdate, SettingsView } from '@numero/contract/admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

const settingsKey = [...adminKeys.all, 'settings'] as const;

/** GET /api/v1/admin/settings: the store's settings, payment keys masked. */
export function getSettings() {
  return api<SettingsView>('/api/v1/admin/settings');
}

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: settingsKey, queryFn: getSettings, staleTime: 0 });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}

/** PUT /api/v1/admin/settings (ADMIN): any subset; every process applies it within seconds. */
export function updateSettings(body: SettingsUpdate) {
  return api<SettingsView>('/api/v1/admin/settings', { method: 'PUT', body });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (view) => queryClient.setQueryData(settingsKey, view),
  });
}
