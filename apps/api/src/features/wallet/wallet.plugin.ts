import type { FeatureContext } from '../context.ts';

/** Wallets, top-ups and payment webhooks (issue "Wallet and payments"). */
export async function registerWallet(_ctx: FeatureContext): Promise<void> {}
