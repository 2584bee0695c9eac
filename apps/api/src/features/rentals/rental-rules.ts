import { RENTAL_HOURS, type RentalSettings } from '@numero/contract/rentals';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/sql.ts';

/**
 * What a duration costs, as a percentage of the product's activation price. The sellers' rent costs are
 * not read into the store (no seller's price list carries them in the catalogue import), so the price is
 * this stated rule over the activation price, which the pricing rules already set from upstream costs.
 */
export const DEFAULT_FACTOR_PERCENT: Record<string, number> = {
  4: 300,
  12: 500,
  24: 800,
  48: 1200,
  72: 1500,
  168: 2500,
  336: 4000,
  720: 7000,
};

/** A cancel this soon after the number is assigned, with no SMS received, is refunded in full. */
export const DEFAULT_CANCEL_WINDOW_MINUTES = 20;

export const DEFAULT_RENTAL_SETTINGS: RentalSettings = {
  cancel_window_minutes: DEFAULT_CANCEL_WINDOW_MINUTES,
  factor_percent: DEFAULT_FACTOR_PERCENT,
};

/** How long a process trusts what it read, as the store settings do. */
const CACHE_MS = 2_000;

/** Price in cents of renting for `hours`: rounded up, so a rental never sells under its rule. */
export function rentalPrice(activationPrice: number, hours: number, settings: RentalSettings): number | null {
  const factor = settings.factor_percent[String(hours)];
  if (!factor || !(RENTAL_HOURS as readonly number[]).includes(hours)) return null;
  return Math.ceil((activationPrice * factor) / 100);
}

/** The rental rules staff set (one row of rental_settings), read at most every 2 s per process. */
export function createRentalRules(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  let cached: { at: number; value: RentalSettings } | null = null;

  async function current(): Promise<RentalSettings> {
    const t = now().getTime();
    if (cached && t - cached.at < CACHE_MS) return cached.value;
    const [row] = await queryRows<{ cancel_window_minutes: number; factor_percent: unknown }>(
      db,
      sql`SELECT cancel_window_minutes, factor_percent FROM rental_settings WHERE id = 1`,
    );
    const value: RentalSettings = row
      ? {
          cancel_window_minutes: Number(row.cancel_window_minutes),
          factor_percent: {
            ...DEFAULT_FACTOR_PERCENT,
            ...(typeof row.factor_percent === 'string'
              ? JSON.parse(row.factor_percent)
              : (row.factor_percent as Record<string, number>)),
          },
        }
      : DEFAULT_RENTAL_SETTINGS;
    cached = { at: t, value };
    return value;
  }

  async function save(value: RentalSettings, tx: Tx): Promise<void> {
    await tx.execute(
      sql`INSERT INTO rental_settings (id, cancel_window_minutes, factor_percent, updated_at)
          VALUES (1, ${value.cancel_window_minutes}, ${JSON.stringify(value.factor_percent)}::jsonb, ${now()})
          ON CONFLICT (id) DO UPDATE SET cancel_window_minutes = EXCLUDED.cancel_window_minutes,
            factor_percent = EXCLUDED.factor_percent, updated_at = EXCLUDED.updated_at`,
    );
    cached = null;
  }

  return { current, save };
}
export type RentalRules = ReturnType<typeof createRentalRules>;
