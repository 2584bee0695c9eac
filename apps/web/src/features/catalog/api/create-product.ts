import type { AdminProduct, AdminProductCreate } from '@numero/contract/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminProductKeys, CATALOG_KEY } from './staff-product-keys.ts';

/** POST /api/v1/admin/products: a product for a service × country that has none yet. */
export function createProduct(input: AdminProductCreate) {
  return api<AdminProduct>('/api/v1/admin/products', { method: 'POST', body: input });
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminProductKeys.all });
      void queryClient.invalidateQueries({ queryKey: CATALOG_KEY });
    },
  });
}
