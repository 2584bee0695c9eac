import { describe, expect, it } from 'vitest';
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
});
