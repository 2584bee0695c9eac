import type { SmsProvidersResponse } from '@numero/contract/admin-reports';
import type { AdminProduct } from '@numero/contract/catalog';
import type {
  PricingResult,
  PricingRuleInput,
  ProductCost,
  ProductCosts,
} from '@numero/contract/catalog-pricing';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiList } from '../../../lib/api-client.ts';
import { adminProductKeys, CATALOG_KEY } from './staff-product-keys.ts';

/** POST /api/v1/admin/pricing/preview: what the rule would change, old → new; changes nothing. */
export function previewPricing(rule: PricingRuleInput) {
  return api<PricingResult>('/api/v1/admin/pricing/preview', { method: 'POST', body: rule });
}

/** POST /api/v1/admin/pricing/apply: every change in one audited transaction. */
export function applyPricing(rule: PricingRuleInput) {
  return api<PricingResult>('/api/v1/admin/pricing/apply', { method: 'POST', body: rule });
}

export function usePreviewPricing() {
  return useMutation({ mutationFn: previewPricing });
}

export function useApplyPricing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyPricing,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminProductKeys.all });
      void queryClient.invalidateQueries({ queryKey: CATALOG_KEY });
    },
  });
}

/** The names of the upstream sellers, for the rule's provider choice (GET /api/v1/admin/sms/providers). */
export function useProviderNames() {
  return useQuery(
    queryOptions({
      queryKey: [...adminProductKeys.all, 'providers'],
      queryFn: async () =>
        (await api<SmsProvidersResponse>('/api/v1/admin/sms/providers')).providers.map((p) => p.name),
      staleTime: 60_000,
    }),
  );
}

/** The product with exactly this SKU and its upstream costs (GET /api/v1/admin/products/{id}/costs). */
export async function findProductCosts(sku: string) {
  const { items } = await apiList<AdminProduct>('/api/v1/admin/products', {
    query: { search: sku, skip: 0, limit: 5 },
  });
  const product = items.find((p) => p.sku.toUpperCase() === sku.trim().toUpperCase());
  if (!product) return null;
  const { costs } = await api<ProductCosts>(`/api/v1/admin/products/${product.id}/costs`);
  return { product, costs };
}

/** PUT /api/v1/admin/products/{id}/costs: replaces the product's whole list of costs. */
export function saveProductCosts({ id, costs }: { id: number; costs: ProductCost[] }) {
  return api<ProductCosts>(`/api/v1/admin/products/${id}/costs`, { method: 'PUT', body: { costs } });
}
