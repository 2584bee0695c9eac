/** Session timings of spec §4 and §9, in one place so tests and code agree. */

/** With no activity for this long, the user is signed out. */
export const INACTIVITY_TIMEOUT_MS = 1_800_000;

/** How often a signed-in browser asks the server whether the session is still valid. */
export const SESSION_CHECK_INTERVAL_MS = 300_000;

/** Activity events are cheap to record but fire in floods (mousemove, scroll): count at most one per second. */
export const ACTIVITY_THROTTLE_MS = 1_000;

export const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'scroll', 'touchstart'] as const;

/**
 * Public pages where the first load does not ask the server who the user is (spec §4). The landing
 * asks (issue 35): a signed-in customer opening it in a new tab sees their own header and goes straight
 * to a purchase; a browser without a session cookie is never asked about (see sentWithoutSession).
 */
export const PATHS_WITHOUT_SESSION_CHECK = ['/auth-callback', '/unauthorized'] as const;

/** Where a signed-in user goes when a visitors-only page turns them away, and after signing in. */
export const HOME_FOR_SIGNED_IN = '/dashboard';
