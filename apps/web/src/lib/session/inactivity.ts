import { ACTIVITY_EVENTS, ACTIVITY_THROTTLE_MS, INACTIVITY_TIMEOUT_MS } from './constants.ts';

export interface InactivityWatcherOptions {
  onIdle: () => void;
  timeoutMs?: number;
  throttleMs?: number;
  /** Where activity events are heard; the window by default. */
  target?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** Where visibility changes are heard; the document by default. */
  visibilityTarget?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  now?: () => number;
}

export interface InactivityWatcher {
  start(): void;
  stop(): void;
  /** Calls `onIdle` if the user has been idle for the whole timeout, else waits for the rest of it. */
  check(): void;
}

/**
 * Signs the user out after `timeoutMs` without activity. An event only records a timestamp (at most once
 * per `throttleMs`); the single timer re-arms itself for the remaining time when it fires early, so a
 * busy mouse never churns timers. A background tab's timers may be delayed, so the time is checked again
 * when the tab becomes visible.
 */
export function createInactivityWatcher({
  onIdle,
  timeoutMs = INACTIVITY_TIMEOUT_MS,
  throttleMs = ACTIVITY_THROTTLE_MS,
  target = window,
  visibilityTarget = document,
  now = Date.now,
}: InactivityWatcherOptions): InactivityWatcher {
  let running = false;
  let lastActivity = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const arm = (delay: number) => {
    clearTimeout(timer);
    timer = setTimeout(check, delay);
  };

  const onActivity = () => {
    const t = now();
    if (t - lastActivity >= throttleMs) lastActivity = t;
  };

  const onVisibility = () => {
    if (typeof document === 'undefined' || document.visibilityState === 'visible') check();
  };

  function check() {
    if (!running) return;
    const idleFor = now() - lastActivity;
    if (idleFor >= timeoutMs) {
      stop();
      onIdle();
    } else {
      arm(timeoutMs - idleFor);
    }
  }

  function start() {
    if (running) return;
    running = true;
    lastActivity = now();
    for (const name of ACTIVITY_EVENTS)
      target.addEventListener(name, onActivity, { capture: true, passive: true });
    visibilityTarget.addEventListener('visibilitychange', onVisibility);
    arm(timeoutMs);
  }

  function stop() {
    running = false;
    clearTimeout(timer);
    for (const name of ACTIVITY_EVENTS) target.removeEventListener(name, onActivity, { capture: true });
    visibilityTarget.removeEventListener('visibilitychange', onVisibility);
  }

  return { start, stop, check };
}
