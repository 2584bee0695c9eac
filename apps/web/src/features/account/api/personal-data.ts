import type {
  DeleteAccountRequest,
  DeletionPreview,
  PersonalDataExport,
} from '@numero/contract/account-privacy';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/v1/users/me/export: everything the store keeps about the caller. */
export function getMyData() {
  return api<PersonalDataExport>('/api/v1/users/me/export');
}

export const deletionPreviewQuery = () =>
  queryOptions({
    queryKey: ['account', 'deletion-preview'],
    queryFn: () => api<DeletionPreview>('/api/v1/users/me/deletion'),
    staleTime: 0,
  });

export function useDeletionPreview(enabled: boolean) {
  return useQuery({ ...deletionPreviewQuery(), enabled });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountRequest) =>
      api<void>('/api/v1/users/me/delete', { method: 'POST', body }),
  });
}
