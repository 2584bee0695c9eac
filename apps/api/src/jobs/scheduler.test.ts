import { afterEach, describe, expect, it, vi } from 'vitest';
import { createScheduler } from './scheduler.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('scheduler', () => {
  it('runs each task periodically, never overlapping itself, and stops cleanly', async () => {
    vi.useFakeTimers();
    let runs = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    const errors: string[] = [];
    const scheduler = createScheduler(
      [
        {
          name: 'slow',
          intervalMs: 5,
          run: async () => {
            concurrent++;
            maxConcurrent = Math.max(maxConcurrent, concurrent);
            await new Promise((r) => setTimeout(r, 20));
            concurrent--;
            runs++;
          },
        },
        {
          name: 'broken',
          intervalMs: 5,
          run: async () => {
            throw new Error('boom');
          },
        },
      ],
      { onError: (task) => errors.push(task) },
    );
    scheduler.start();
    // 120 ms of a 5 ms tick and a 20 ms run: the slow task runs back to back, never alongside itself.
    await vi.advanceTimersByTimeAsync(120);
    const stopped = scheduler.stop();
    await vi.advanceTimersByTimeAsync(20); // the run in progress ends; stop waits for it
    await stopped;
    const after = runs;
    await vi.advanceTimersByTimeAsync(40);
    expect(runs).toBeGreaterThanOrEqual(4);
    expect(runs).toBe(after);
    expect(maxConcurrent).toBe(1);
    expect(errors.length).toBeGreaterThanOrEqual(2);
    expect(new Set(errors)).toEqual(new Set(['broken']));
  });

  it('runs a task at once when its channel announces work, once more if woken mid-run, never twice at a time', async () => {
    vi.useFakeTimers();
    const handlers = new Map<string, () => void>();
    let unsubscribed = 0;
    const subscribe = async (channel: string, handler: () => void) => {
      handlers.set(channel, handler);
      return async () => {
        unsubscribed++;
      };
    };
    let runs = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    let release: () => void = () => {};
    const scheduler = createScheduler(
      [
        {
          name: 'deliveries',
          intervalMs: 60_000,
          wakeOn: 'work_due',
          run: async () => {
            concurrent++;
            maxConcurrent = Math.max(maxConcurrent, concurrent);
            await new Promise<void>((r) => {
              release = r;
            });
            concurrent--;
            runs++;
          },
        },
      ],
      { onError: () => {}, subscribe },
    );
    scheduler.start();
    await vi.waitFor(() => expect(handlers.has('work_due')).toBe(true));
    // Long before its tick: the message runs it.
    handlers.get('work_due')!();
    await vi.waitFor(() => expect(concurrent).toBe(1));
    // Two messages during the run: one more run after it, not two, and not alongside.
    handlers.get('work_due')!();
    handlers.get('work_due')!();
    release();
    await vi.waitFor(() => expect(runs).toBe(1));
    await vi.waitFor(() => expect(concurrent).toBe(1));
    release();
    await vi.waitFor(() => expect(runs).toBe(2));
    await vi.advanceTimersByTimeAsync(20);
    expect(runs).toBe(2);
    expect(maxConcurrent).toBe(1);
    await scheduler.stop();
    expect(unsubscribed).toBe(1);
    // Stopped: a late message runs nothing.
    handlers.get('work_due')!();
    await vi.advanceTimersByTimeAsync(20);
    expect(runs).toBe(2);
  });

  it('pauses every task while the database is out of reach, says so once, and resumes them when it answers', async () => {
    let databaseUp = true;
    const unavailable = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    const runs = { expiries: 0, polling: 0 };
    const task = (name: keyof typeof runs) => ({
      name,
      intervalMs: 5,
      run: async () => {
        runs[name]++;
        if (!databaseUp) throw unavailable;
      },
    });
    const events: string[] = [];
    const errors: string[] = [];
    let pings = 0;
    const scheduler = createScheduler([task('expiries'), task('polling')], {
      onError: (name) => errors.push(name),
      database: {
        isUnavailable: (err) => err === unavailable,
        ping: async () => {
          pings++;
          if (!databaseUp) throw unavailable;
        },
      },
      onOutage: (event) => events.push(event.state),
      maxProbeMs: 20,
    });
    scheduler.start();
    await vi.waitFor(() => expect(runs.expiries).toBeGreaterThan(2));
    expect(scheduler.status()).toMatchObject({ running: true, database: 'up', downSince: null });

    databaseUp = false;
    await vi.waitFor(() => expect(scheduler.status().database).toBe('down'));
    const during = { ...runs };
    await vi.waitFor(() => expect(pings).toBeGreaterThan(3));
    // Paused: no task ran again, the outage was told once, no task reported it as its own failure.
    expect(runs).toEqual(during);
    expect(events).toEqual(['down']);
    expect(errors).toEqual([]);
    expect(scheduler.status()).toMatchObject({ running: false, database: 'down' });

    databaseUp = true;
    await vi.waitFor(() => expect(scheduler.status().running).toBe(true));
    await vi.waitFor(() => {
      expect(runs.expiries).toBeGreaterThan(during.expiries + 1);
      expect(runs.polling).toBeGreaterThan(during.polling + 1);
    });
    expect(events).toEqual(['down', 'up']);
    const status = scheduler.status();
    expect(status.tasks.map((t) => t.name)).toEqual(['expiries', 'polling']);
    expect(status.tasks.every((t) => t.lastSuccessAt)).toBe(true);
    // The task that met the outage first has it on record; the other may have been held before it ran.
    expect(status.tasks.some((t) => t.lastFailureAt)).toBe(true);
    await scheduler.stop();
  });
});
