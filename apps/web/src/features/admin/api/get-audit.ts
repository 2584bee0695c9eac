import type { AuditPage } from '@numero/contract/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export const AUDIT_PAGE_SIZE = 20;

export interface AuditParams {
  skip: number;
  limit: number;
  action?: string;
}

/** GET /api/v1/admin/audit: the audit log, newest first, paged on the server. */
export function getAudit(params: AuditParams) {
  return api<AuditPage>('/api/v1/admin/audit', { query: { ...params } });
}

export function auditQueryOptions(params: AuditParams) {
  return queryOptions({
    queryKey: adminKeys.audit(params),
    queryFn: () => getAudit(params),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useAudit(params: AuditParams) {
  return useQuery(auditQueryOptions(params));
}
