import { ApiError } from '../../lib/api-client.ts';

/**
 * What the dashboard says when its statistics fail (spec §8): the server's detail, else the error's own
 * message, else 'Erro desconhecido'. A failed connection says so rather than showing a code.
 */
export function dashboardErrorMessage(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError) {
    if (error.detail) return error.detail;
    if (error.isNetworkError) return t('errors.network');
    return t('errors.unknown');
  }
  if (error instanceof Error && error.message) return error.message;
  return t('errors.unknown');
}
