import type { Currency } from '@numero/contract/common';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/sql.ts';
import { rentingSellers } from '../../providers/numbers/rent-failover.ts';
import { rentalPrice } from './rental-rules.ts';
import { type RentalsDeps, sellersInOrder } from './rentals-deps.ts';

/** One product rentable for a duration: what the protocol's getRentServicesAndCountries lists. */
export interface RentOffer {
  productId: number;
  serviceCode: string;
  price: number;
  stock: number;
}

/** Every product of a country rentable for `hours`, priced by the rental rules, in one read each. */
export function createRentalOffers(deps: RentalsDeps) {
  return async function rentOffers(country: string, currency: Currency, hours: number): Promise<RentOffer[]> {
    const sellers = rentingSellers(await sellersInOrder(deps), hours);
    if (sellers.length === 0 || !deps.catalog.listProducts) return [];
    const [products, closed, settings] = await Promise.all([
      deps.catalog.listProducts({ country }, currency, 'en'),
      queryRows<{ product_id: number }>(
        deps.db,
        sql`SELECT product_id FROM rental_products WHERE NOT rentable`,
      ),
      deps.rules.current(),
    ]);
    const off = new Set(closed.map((r) => Number(r.product_id)));
    return products.flatMap((p) => {
      const price = off.has(p.id) ? null : rentalPrice(p.price, hours, settings);
      return price ? [{ productId: p.id, serviceCode: p.service_code, price, stock: p.stock }] : [];
    });
  };
}
