import type { AdminProduct, AdminProductUpdate } from '@numero/contract/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminProductKeys, CATALOG_KEY } from './staff-product-keys.ts';

/** PATCH /api/v1/admin/products/{id}: prices in cents, stock, active flag. */
export function updateProduct({ id, changes }: { id: number; changes: AdminProductUpdate }) {
  return api<AdminProduct>(`/api/v1/admin/products/${id}`, { method: 'PATCH', body: changes });
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminProductKeys.all });
      void queryClient.invalidateQueries({ queryKey: CATALOG_KEY });
    },
  });
}
