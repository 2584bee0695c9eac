import type { FeatureContext } from '../context.ts';

/** Staff area: products (prices, stock, active flag) and orders (every customer's activations). */
export async function registerAdminCatalog(_ctx: FeatureContext): Promise<void> {}
