/** How often an activation waiting for its SMS is checked upstream (the code must show within ~3 s). */
export const CHECK_EVERY_MS = 1_000;

export const later = (at: Date, ms: number) => new Date(at.getTime() + ms);
