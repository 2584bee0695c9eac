import { ApiError } from '../../lib/api-client.ts';

type T = (key: string) => string;

/** Spec §8 "Admin user list load": by status first, then the server's text, then the default. */
export function loadErrorMessage(error: unknown, t: T): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return t('errors.load.network');
    if (error.status === 404) return t('errors.load.notFound');
    if (error.status === 403) return t('errors.load.forbidden');
    if (error.status === 401) return t('errors.load.unauthorized');
    return error.detail || t('errors.load.default');
  }
  if (error instanceof Error && error.message) return error.message;
  return t('errors.load.default');
}

export type ActionFallback =
  | 'errors.action.status'
  | 'errors.action.roles'
  | 'errors.action.deactivate'
  | 'errors.action.create'
  | 'errors.action.update'
  | 'errors.action.generic'
  | 'errors.action.save';

/**
 * Spec §8 "Admin user actions": a caller who is not an admin gets 'Permissão negada'; otherwise the
 * server's detail, else the action's own fallback text.
 */
export function actionErrorMessage(error: unknown, fallback: ActionFallback, t: T): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return t('errors.action.forbidden');
    if (error.detail) return error.detail;
    if (error.isNetworkError) return t('errors.load.network');
  }
  return t(fallback);
}
