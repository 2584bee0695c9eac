import type { AuthProviders } from '@numero/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Which sign-in methods the server offers; when it cannot say, only the password form is shown. */
export async function getAuthProviders(): Promise<AuthProviders> {
  try {
    return await api<AuthProviders>('/api/v1/auth/providers', { redirectOn401: false });
  } catch {
    return { oidc: false, email_verification: false };
  }
}

export const authProvidersQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'providers'],
    queryFn: getAuthProviders,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions());
}

/** The browser itself navigates here: the server redirects on to the identity provider. */
export const OIDC_START_PATH = '/api/v1/auth/oidc/start';
