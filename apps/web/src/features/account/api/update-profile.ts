import type { CurrentUser, ProfileUpdate } from '@numero/contract/account';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function patchProfile(body: ProfileUpdate) {
  return api<CurrentUser>('/api/v1/users/me/profile', { method: 'PATCH', body });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: patchProfile });
}
