/** The landing's order of categories; any other comes after them. */
const CATEGORY_ORDER = ['sms', 'whatsapp', 'verification'];

export function sortCategories<T extends { slug: string }>(categories: T[]): T[] {
  const rank = (slug: string) => {
    const i = CATEGORY_ORDER.indexOf(slug);
    return i === -1 ? CATEGORY_ORDER.length : i;
  };
  return [...categories].sort((a, b) => rank(a.slug) - rank(b.slug));
}

/** What the balance would be after paying `price`; null when it is not enough. */
export function balanceAfter(balance: number, price: number): number | null {
  return balance >= price ? balance - price : null;
}
