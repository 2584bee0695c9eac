import type { RentalStatus, StaffRentalsPage } from '@numero/contract/rentals';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { rentalKeys } from './rentals-api.ts';

export const ADMIN_RENTALS_PAGE_SIZE = 20;

/** GET /api/v1/admin/rentals: every customer's rentals, newest first, a page at a time (staff). */
export function useAdminRentals(query: { skip: number; status?: RentalStatus }) {
  const params = new URLSearchParams({ skip: String(query.skip), limit: String(ADMIN_RENTALS_PAGE_SIZE) });
  if (query.status) params.set('status', query.status);
  return useQuery({
    queryKey: [...rentalKeys.all, 'admin', query.skip, query.status ?? null],
    queryFn: () => api<StaffRentalsPage>(`/api/v1/admin/rentals?${params}`),
    placeholderData: keepPreviousData,
  });
}
