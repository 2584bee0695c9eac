/** Runs `work` over the items with at most `limit` calls in flight (upstream sellers rate-limit). */
export async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Runs `round` (which claims at most `batch` due rows and works through them) again while it comes back
 * full, so a periodic task catches up with everything due instead of a batch per tick. `round` must only
 * claim rows due when the run began, so the run ends. Returns how many rows were worked through.
 */
export async function whileFull(batch: number, round: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await round();
    total += done;
    if (done < batch) return total;
  }
}
