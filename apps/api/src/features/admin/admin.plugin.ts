import type { FeatureContext } from '../context.ts';

/** Staff area: dashboard statistics, user management and the audit log. */
export async function registerAdmin(_ctx: FeatureContext): Promise<void> {}
