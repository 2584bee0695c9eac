/** How often an activation waiting for its SMS is checked upstream (the code must show within ~3 s). */
export const CHECK_EVERY_MS = 1_000;

export const later = (at: Date, ms: number) => new Date(at.getTime() + ms);

/** A seller that pushes its SMS is still asked now and then, as a webhook can get lost. */
export const PUSHED_CHECK_EVERY_MS = 10_000;

/** How long to wait before asking again about an activation bought from `provider`. */
export function checkEveryMs(
  providers: readonly { name: string; inbound?: 'push' | 'poll' }[],
  provider: string | null,
): number {
  const pushes = providers.some((p) => p.name === provider && p.inbound === 'push');
  return pushes ? PUSHED_CHECK_EVERY_MS : CHECK_EVERY_MS;
}
