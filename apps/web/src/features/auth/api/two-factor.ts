import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '@numero/contract/auth';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const twoFactorQuery = () =>
  queryOptions({
    queryKey: ['auth', 'two-factor'],
    queryFn: () => api<TwoFactorStatus>('/api/v1/auth/2fa'),
    // The guard waits on it: a failure lets the page decide (the API enforces the rule on its own).
    retry: false,
  });

export function useTwoFactorStatus(enabled = true) {
  return useQuery({ ...twoFactorQuery(), enabled });
}

export function useStartTwoFactor() {
  return useMutation({
    mutationFn: () => api<TwoFactorSetup>('/api/v1/auth/2fa/setup', { method: 'POST' }),
  });
}

export function useEnableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api<RecoveryCodes>('/api/v1/auth/2fa/enable', { method: 'POST', body: { code: code.trim() } }),
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorQuery().queryKey }),
  });
}

export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api<void>('/api/v1/auth/2fa/disable', { method: 'POST', body: { code: code.trim() } }),
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorQuery().queryKey }),
  });
}
