import { describe, expect, it, vi } from 'vitest';
import { createScheduler } from './scheduler.ts';

describe('scheduler', () => {
  it('runs each task periodically, never overlapping itself, and stops cleanly', async () => {
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
      (task) => errors.push(task),
    );
    scheduler.start();
    await new Promise((r) => setTimeout(r, 120));
    await scheduler.stop();
    const after = runs;
    await new Promise((r) => setTimeout(r, 40));
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(runs).toBe(after);
    expect(maxConcurrent).toBe(1);
    expect(errors.length).toBeGreaterThanOrEqual(2);
    expect(new Set(errors)).toEqual(new Set(['broken']));
  });

  it('runs a task at once when its channel announces work, once more if woken mid-run, never twice at a time', async () => {
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
      () => {},
      subscribe,
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
    await new Promise((r) => setTimeout(r, 20));
    expect(runs).toBe(2);
    expect(maxConcurrent).toBe(1);
    await scheduler.stop();
    expect(unsubscribed).toBe(1);
    // Stopped: a late message runs nothing.
    handlers.get('work_due')!();
    await new Promise((r) => setTimeout(r, 20));
    expect(runs).toBe(2);
  });
});
