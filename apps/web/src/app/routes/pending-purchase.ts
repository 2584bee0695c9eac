import type { Currency } from '@numero/contract/common';

/**
 * A purchase waiting for a top-up: chosen in the purchase dialog when no wallet had the money, carried
 * to the balance page, and bought by itself once a wallet covers its price. Kept per tab.
 */
export interface PendingPurchase {
  productId: number;
  serviceCode: string;
  serviceName: string;
  countryCode: string;
  countryName: string;
  prices: Partial<Record<Currency, number>>;
  /** The operator chosen in the dialog; absent: any. */
  operator?: string;
  /** One key for the automatic purchase, so a reload or a second tab never buys it twice. */
  idempotencyKey: string;
  savedAt: number;
}

const KEY = 'numero.pendingPurchase';
/** A top-up by PIX expires in 30 minutes; a purchase left waiting longer is forgotten. */
const MAX_AGE_MS = 30 * 60_000;

export function savePendingPurchase(purchase: Omit<PendingPurchase, 'savedAt'>, now = Date.now()) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...purchase, savedAt: now }));
  } catch {
    // Storage refused (private mode, quota): the top-up still works, the purchase is then made by hand.
  }
}

export function readPendingPurchase(now = Date.now()): PendingPurchase | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as PendingPurchase;
    if (typeof value.productId !== 'number' || now - value.savedAt > MAX_AGE_MS) {
      sessionStorage.removeItem(KEY);
      return null;
    }
    return value;
  } catch {
    return null;
  }
}

export function clearPendingPurchase() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
