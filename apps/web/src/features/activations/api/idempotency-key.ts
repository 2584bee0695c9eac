/**
 * A fresh key for one purchase attempt. getRandomValues works outside secure contexts too, unlike
 * crypto.randomUUID, so a store served over plain HTTP on a LAN address still works.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
