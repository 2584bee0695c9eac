import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_THROTTLE_MS, INACTIVITY_TIMEOUT_MS } from './constants.ts';
import { createInactivityWatcher } from './inactivity.ts';

const MINUTE = 60_000;

describe('createInactivityWatcher', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function watch() {
    const onIdle = vi.fn();
    const watcher = createInactivityWatcher({ onIdle });
    watcher.start();
    return { onIdle, watcher };
  }

  it('uses the spec timeout of 30 minutes', () => {
    expect(INACTIVITY_TIMEOUT_MS).toBe(1_800_000);
  });

  it('signs out after 30 minutes without activity, once', () => {
    const { onIdle } = watch();
    vi.advanceTimersByTime(INACTIVITY_TIMEOUT_MS - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(INACTIVITY_TIMEOUT_MS * 3);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it.each(['mousemove', 'keydown', 'scroll', 'touchstart'])('%s restarts the 30 minutes', (event) => {
    const { onIdle } = watch();
    vi.advanceTimersByTime(20 * MINUTE);
    window.dispatchEvent(new Event(event));
    vi.advanceTimersByTime(20 * MINUTE);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10 * MINUTE);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('counts a scroll inside an element (scroll does not bubble)', () => {
    const { onIdle } = watch();
    const box = document.createElement('div');
    document.body.append(box);
    vi.advanceTimersByTime(25 * MINUTE);
    box.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(25 * MINUTE);
    expect(onIdle).not.toHaveBeenCalled();
    box.remove();
  });

  it('records a flood of events at most once per throttle window', () => {
    const { onIdle } = watch();
    vi.advanceTimersByTime(10 * MINUTE);
    window.dispatchEvent(new Event('mousemove')); // recorded at 10:00.000
    vi.advanceTimersByTime(ACTIVITY_THROTTLE_MS - 1);
    window.dispatchEvent(new Event('mousemove')); // inside the window: ignored
    // Idle is measured from the recorded event, so it fires 30 minutes after 10:00.000.
    vi.advanceTimersByTime(INACTIVITY_TIMEOUT_MS - (ACTIVITY_THROTTLE_MS - 1));
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('stop() removes the timer and the listeners', () => {
    const { onIdle, watcher } = watch();
    watcher.stop();
    vi.advanceTimersByTime(INACTIVITY_TIMEOUT_MS * 2);
    window.dispatchEvent(new Event('keydown'));
    expect(onIdle).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('checks again when the tab becomes visible (background timers may be late)', () => {
    const { onIdle } = watch();
    // Move the clock without firing timers, as a throttled background tab would.
    vi.setSystemTime(Date.now() + INACTIVITY_TIMEOUT_MS + MINUTE);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('does not fire when the tab becomes visible before the timeout', () => {
    const { onIdle } = watch();
    vi.advanceTimersByTime(5 * MINUTE);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(onIdle).not.toHaveBeenCalled();
  });
});
