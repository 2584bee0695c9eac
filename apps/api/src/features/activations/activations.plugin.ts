import type { FeatureContext } from '../context.ts';

/** The catalogue of numbers and activations (issue "Catalogue and activations"). */
export async function registerActivations(_ctx: FeatureContext): Promise<void> {}
