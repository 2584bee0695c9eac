import type {
  CatalogImportResult,
  CostsSyncResult,
  SavedPricingRuleInput,
  SavedPricingRules,
  SavedRulesResult,
} from '@numero/contract/catalog-pricing';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminProductKeys, CATALOG_KEY } from './staff-product-keys.ts';

const rulesKey = [...adminProductKeys.all, 'pricing-rules'] as const;

/** GET /api/v1/admin/pricing/rules: the saved rules in the order they run. */
export function usePricingRules() {
  return useQuery(
    queryOptions({
      queryKey: rulesKey,
      queryFn: async () => (await api<SavedPricingRules>('/api/v1/admin/pricing/rules')).rules,
    }),
  );
}

/**
 * Creates (no id) or replaces (id) a saved rule; deletes one; applies them all; syncs the costs; imports
 * the sellers' whole price lists into the catalogue (new items, costs, stock, what goes off or back on sale).
 */
export function usePricingRuleActions() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: rulesKey });
  const pricesChanged = () => {
    void queryClient.invalidateQueries({ queryKey: adminProductKeys.all });
    void queryClient.invalidateQueries({ queryKey: CATALOG_KEY });
  };
  return {
    save: useMutation({
      mutationFn: ({ id, rule }: { id: number | null; rule: SavedPricingRuleInput }) =>
        id === null
          ? api('/api/v1/admin/pricing/rules', { method: 'POST', body: rule })
          : api(`/api/v1/admin/pricing/rules/${id}`, { method: 'PUT', body: rule }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api<void>(`/api/v1/admin/pricing/rules/${id}`, { method: 'DELETE' }),
      onSettled: refresh,
    }),
    applyAll: useMutation({
      mutationFn: () => api<SavedRulesResult>('/api/v1/admin/pricing/rules/apply', { method: 'POST' }),
      onSettled: pricesChanged,
    }),
    syncCosts: useMutation({
      mutationFn: () => api<CostsSyncResult>('/api/v1/admin/pricing/costs/sync', { method: 'POST' }),
      onSettled: pricesChanged,
    }),
    importCatalog: useMutation({
      mutationFn: () => api<CatalogImportResult>('/api/v1/admin/catalog/import', { method: 'POST' }),
      onSettled: pricesChanged,
    }),
  };
}
