import type {
  AdminCategoriesResponse,
  AdminCategoryCreate,
  AdminCategoryUpdate,
  AdminCountriesResponse,
  AdminCountryUpdate,
} from '@numero/contract/catalog-structure';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminProductKeys, CATALOG_KEY } from './staff-product-keys.ts';

const categoriesKey = [...adminProductKeys.all, 'categories'] as const;
const countriesKey = [...adminProductKeys.all, 'countries'] as const;

/** GET /api/v1/admin/categories: every category in order, with the services filed under each. */
export const getStaffCategories = () => api<AdminCategoriesResponse>('/api/v1/admin/categories');
/** GET /api/v1/admin/countries: every country in order, on or off, with its mapping. */
export const getStaffCountries = () => api<AdminCountriesResponse>('/api/v1/admin/countries');

export const useStaffCategories = () =>
  useQuery({ queryKey: categoriesKey, queryFn: getStaffCategories, staleTime: 0 });
export const useStaffCountries = () =>
  useQuery({ queryKey: countriesKey, queryFn: getStaffCountries, staleTime: 0 });

/** Every write answers with the whole list: it becomes the cached one, and the store's lists refresh. */
function useListWrite<I, R>(key: QueryKey, fn: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (list) => queryClient.setQueryData(key, list),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminProductKeys.all });
      void queryClient.invalidateQueries({ queryKey: CATALOG_KEY });
    },
  });
}

const send = <R>(method: 'POST' | 'PATCH' | 'PUT', path: string, body: unknown) =>
  api<R>(path, { method, body });

export const useCreateCategory = () =>
  useListWrite(categoriesKey, (body: AdminCategoryCreate) =>
    send<AdminCategoriesResponse>('POST', '/api/v1/admin/categories', body),
  );
export const useUpdateCategory = () =>
  useListWrite(categoriesKey, ({ id, changes }: { id: number; changes: AdminCategoryUpdate }) =>
    send<AdminCategoriesResponse>('PATCH', `/api/v1/admin/categories/${id}`, changes),
  );
export const useOrderCategories = () =>
  useListWrite(categoriesKey, (ids: number[]) =>
    send<AdminCategoriesResponse>('PUT', '/api/v1/admin/categories/order', { ids }),
  );
export const useMoveService = () =>
  useListWrite(categoriesKey, ({ code, categoryId }: { code: string; categoryId: number }) =>
    send<AdminCategoriesResponse>('PUT', `/api/v1/admin/services/${encodeURIComponent(code)}/category`, {
      category_id: categoryId,
    }),
  );
export const useUpdateCountry = () =>
  useListWrite(countriesKey, ({ code, changes }: { code: string; changes: AdminCountryUpdate }) =>
    send<AdminCountriesResponse>('PATCH', `/api/v1/admin/countries/${encodeURIComponent(code)}`, changes),
  );
export const useOrderCountries = () =>
  useListWrite(countriesKey, (codes: string[]) =>
    send<AdminCountriesResponse>('PUT', '/api/v1/admin/countries/order', { codes }),
  );

/** The list with item `i` moved one place up (-1) or down (+1). */
export function moved<T>(list: readonly T[], i: number, by: -1 | 1): T[] {
  const next = [...list];
  const j = i + by;
  if (j < 0 || j >= next.length) return next;
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}
