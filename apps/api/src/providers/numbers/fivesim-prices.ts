import { isRecord } from './http.ts';
import { ANY_OPERATOR, OPERATOR_PATTERN } from './number-provider.ts';

// Readings of 5sim's guest price list, {country: {product: {operator: {cost, count, rate}}}}.

/**
 * The operators with numbers in a country, of one product or of any; null for a reply not understood.
 * Names that are not operator names as the store takes them are left out.
 */
export function operatorsIn(json: unknown, country: string, product?: string): string[] | null {
  if (!isRecord(json)) return null;
  const byProduct = json[country];
  if (byProduct === undefined) return [];
  if (!isRecord(byProduct)) return null;
  const found = new Set<string>();
  for (const [name, byOperator] of Object.entries(byProduct)) {
    if (product !== undefined && name !== product) continue;
    if (!isRecord(byOperator)) return null;
    for (const [operator, offer] of Object.entries(byOperator)) {
      const count = isRecord(offer) ? offer.count : undefined;
      if (
        typeof count === 'number' &&
        count > 0 &&
        operator !== ANY_OPERATOR &&
        OPERATOR_PATTERN.test(operator)
      )
        found.add(operator);
    }
  }
  return [...found].sort();
}

export function countStock(
  json: unknown,
  country: string,
  product: string,
  operator: string,
): number | undefined {
  if (!isRecord(json)) return undefined;
  const byProduct = json[country];
  if (byProduct === undefined) return 0;
  if (!isRecord(byProduct)) return undefined;
  const byOperator = byProduct[product];
  if (byOperator === undefined) return 0;
  if (!isRecord(byOperator)) return undefined;
  const offers = operator === 'any' ? Object.values(byOperator) : [byOperator[operator] ?? { count: 0 }];
  let total = 0;
  for (const offer of offers) {
    const count = isRecord(offer) ? offer.count : undefined;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) return undefined;
    total += count;
  }
  return total;
}

/**
 * The cost of one number: the operator's, or with "any" the dearest operator that has numbers (5sim
 * may fill the order from any of them). Null when none is offered; undefined for a reply not understood.
 */
export function offerCost(
  json: unknown,
  country: string,
  product: string,
  operator: string,
): number | null | undefined {
  if (!isRecord(json)) return undefined;
  const byProduct = json[country];
  if (byProduct === undefined) return null;
  if (!isRecord(byProduct)) return undefined;
  const byOperator = byProduct[product];
  if (byOperator === undefined) return null;
  if (!isRecord(byOperator)) return undefined;
  const offers = operator === 'any' ? Object.values(byOperator) : [byOperator[operator]];
  let dearest: number | null = null;
  for (const offer of offers) {
    if (offer === undefined) continue;
    if (!isRecord(offer) || typeof offer.cost !== 'number' || offer.cost < 0) return undefined;
    if (typeof offer.count === 'number' && offer.count > 0 && (dearest === null || offer.cost > dearest))
      dearest = offer.cost;
  }
  return dearest;
}
