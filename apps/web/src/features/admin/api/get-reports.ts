import type { ReportPeriod, ReportsResponse } from '@numero/contract/admin-reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export interface ReportsParams {
  period: ReportPeriod;
  from?: string;
  to?: string;
}

/** GET /api/v1/admin/reports: the figures of the reports screen (ADMIN and MANAGER). */
export function getReports(params: ReportsParams) {
  return api<ReportsResponse>('/api/v1/admin/reports', { query: { ...params } });
}

export function useReports(params: ReportsParams) {
  return useQuery({
    queryKey: [...adminKeys.all, 'reports', params],
    queryFn: () => getReports(params),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
