import { type AdminProductStatus, LOW_STOCK_MAX } from '@numero/contract/catalog';

export type StockLevel = 'out' | 'low' | 'medium' | 'in';

/** Up to this many numbers the stock is 'low'; above it and up to LOW_STOCK_MAX, 'medium' (spec §2). */
export const LOW_STOCK_LEVEL_MAX = 5;

/**
 * The spec's stock label: stock 0 or status out_of_stock 'Sem estoque'; up to 5 'Estoque baixo'; up to 10
 * 'Estoque médio'; above 10 'Em estoque'.
 */
export function stockLevel(product: { stock: number; status?: AdminProductStatus }): StockLevel {
  if (product.stock <= 0 || product.status === 'out_of_stock') return 'out';
  if (product.stock <= LOW_STOCK_LEVEL_MAX) return 'low';
  if (product.stock <= LOW_STOCK_MAX) return 'medium';
  return 'in';
}

export const STOCK_TONE: Record<StockLevel, 'danger' | 'warning' | 'info' | 'success'> = {
  out: 'danger',
  low: 'warning',
  medium: 'info',
  in: 'success',
};
