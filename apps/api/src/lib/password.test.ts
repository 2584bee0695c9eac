import { availableParallelism } from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import {
  createWorkGate,
  hashPassword,
  limitPasswordWork,
  PasswordWorkBusy,
  passwordWorkLimits,
  verifyPassword,
} from './password.ts';

/** A job the test finishes by hand, and a count of how many jobs run at this moment. */
function jobs() {
  let running = 0;
  let peak = 0;
  const finishers: (() => void)[] = [];
  const job = () =>
    new Promise<void>((resolve) => {
      running++;
      peak = Math.max(peak, running);
      finishers.push(() => {
        running--;
        resolve();
      });
    });
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { job, finishNext: () => finishers.shift()?.(), settle, stats: () => ({ running, peak }) };
}

// For the tests of the slots and the line alone: a budget these jobs of a few ms never exhaust.
const UNPACED_BURST_MS = 60_000;

describe('the bound on password hashing', () => {
  it('takes half the cores by default, at least one, with 64 waiting per slot and a tenth of a core', () => {
    expect(passwordWorkLimits({}, 2)).toEqual({ concurrency: 1, maxWaiting: 64, share: 0.1 });
    expect(passwordWorkLimits({}, 1)).toEqual({ concurrency: 1, maxWaiting: 64, share: 0.1 });
    expect(passwordWorkLimits({}, 8)).toEqual({ concurrency: 4, maxWaiting: 256, share: 0.1 });
    expect(passwordWorkLimits({ concurrency: 3, share: 1.5 }, 8)).toEqual({
      concurrency: 3,
      maxWaiting: 192,
      share: 1.5,
    });
  });

  it('is read from PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE and PASSWORD_HASH_SHARE', () => {
    const config = loadConfig({
      PASSWORD_HASH_CONCURRENCY: '2',
      PASSWORD_HASH_QUEUE: '10',
      PASSWORD_HASH_SHARE: '0.5',
    });
    expect(config.passwordWork).toEqual({ concurrency: 2, maxWaiting: 10, share: 0.5 });
    expect(() => loadConfig({ PASSWORD_HASH_CONCURRENCY: '0' })).toThrow(/PASSWORD_HASH_CONCURRENCY/);
  });

  it('refuses a share of a core that is not above 0 or beyond the cores, naming the setting', () => {
    for (const bad of ['0', '-0.5', 'a quarter', String(availableParallelism() + 0.5)])
      expect(() => loadConfig({ PASSWORD_HASH_SHARE: bad }), bad).toThrow(
        /Invalid configuration:\n {2}PASSWORD_HASH_SHARE: .*expected/,
      );
    expect(loadConfig({ PASSWORD_HASH_SHARE: String(availableParallelism()) }).passwordWork.share).toBe(
      availableParallelism(),
    );
    expect(loadConfig({}).passwordWork.share).toBe(0.1);
  });

  it('runs at most `concurrency` at once, the others in arrival order as slots free', async () => {
    const gate = createWorkGate({ concurrency: 2, maxWaiting: 10, share: 2 }, UNPACED_BURST_MS);
    const { job, finishNext, settle, stats } = jobs();
    const order: number[] = [];
    const all = [1, 2, 3, 4, 5].map((n) => gate.run(() => job().then(() => order.push(n))));
    await settle();
    expect(stats().running).toBe(2);
    expect(gate.load()).toEqual({ running: 2, waiting: 3 });
    for (let i = 0; i < 5; i++) {
      finishNext();
      await settle();
    }
    await Promise.all(all);
    expect(stats().peak).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once, with a 503, what would wait beyond the queue, and accepts again once it drains', async () => {
    const gate = createWorkGate({ concurrency: 1, maxWaiting: 2, share: 1 }, UNPACED_BURST_MS);
    const { job, finishNext, settle } = jobs();
    const accepted = [gate.run(job), gate.run(job), gate.run(job)];
    const refused = gate.run(job);
    await expect(refused).rejects.toBeInstanceOf(PasswordWorkBusy);
    await expect(refused).rejects.toMatchObject({ statusCode: 503 });
    expect(gate.load()).toEqual({ running: 1, waiting: 2 });
    for (let i = 0; i < 3; i++) {
      finishNext();
      await settle();
    }
    await Promise.all(accepted);
    const again = gate.run(job);
    await settle();
    finishNext();
    await expect(again).resolves.toBeUndefined();
  });

  it('a job that fails frees its slot', async () => {
    const gate = createWorkGate({ concurrency: 1, maxWaiting: 1, share: 1 }, UNPACED_BURST_MS);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(async () => 'next')).resolves.toBe('next');
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('applies to the real argon2 hashes: a burst beyond the queue is refused, the rest verified', async () => {
    limitPasswordWork({ concurrency: 1, maxWaiting: 1, share: 1 });
    try {
      const stored = await hashPassword('uma-senha-de-teste-bem-longa');
      const burst = await Promise.allSettled(
        [1, 2, 3].map(() => verifyPassword(stored, 'uma-senha-de-teste-bem-longa')),
      );
      expect(burst.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
      expect(burst.slice(0, 2).map((r) => (r as PromiseFulfilledResult<boolean>).value)).toEqual([
        true,
        true,
      ]);
    } finally {
      limitPasswordWork(passwordWorkLimits());
    }
  });
});

describe('the share of a core password hashing may take', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A gate on fake time whose jobs each take `ms` of it, with the moments they started. */
  function pacedGate(limits: { concurrency: number; maxWaiting: number; share: number }, ms = 20) {
    vi.useFakeTimers();
    const gate = createWorkGate(limits, 100);
    const starts: number[] = [];
    const job = () => {
      starts.push(performance.now());
      return new Promise<void>((resolve) => setTimeout(resolve, ms));
    };
    return { gate, job, starts, t0: performance.now() };
  }

  it('lets a single hash on a quiet process start at once', async () => {
    const { gate, job, starts, t0 } = pacedGate({ concurrency: 1, maxWaiting: 64, share: 0.25 });
    const done = gate.run(job);
    await vi.advanceTimersByTimeAsync(0);
    expect(starts).toEqual([t0]);
    expect(gate.load()).toEqual({ running: 1, waiting: 0 });
    await vi.advanceTimersByTimeAsync(20);
    await done;
    // A sign-up then a sign-in, or a password change (two hashes), does not wait either.
    gate.run(job);
    await vi.advanceTimersByTimeAsync(20);
    gate.run(job);
    await vi.advanceTimersByTimeAsync(0);
    expect(starts).toEqual([t0, t0 + 20, t0 + 40]);
  });

  it('paces a flood to the share: after the burst, one 20 ms hash every 80 ms at a quarter of a core', async () => {
    const { gate, job, starts, t0 } = pacedGate({ concurrency: 1, maxWaiting: 64, share: 0.25 });
    const order: number[] = [];
    const flood = Array.from({ length: 40 }, (_, n) => gate.run(() => job().then(() => order.push(n))));
    await vi.advanceTimersByTimeAsync(0);
    expect(gate.load()).toEqual({ running: 1, waiting: 39 });

    // However long one looks, the hashing done is at most the share of that time plus the burst.
    for (let t = 250; t <= 3_000; t += 250) {
      await vi.advanceTimersByTimeAsync(250);
      const work = starts.filter((s) => s < t0 + t).length * 20;
      expect(work).toBeLessThanOrEqual(0.25 * t + 100 + 20);
      expect(work).toBeGreaterThanOrEqual(0.25 * t - 20);
    }
    await Promise.all(flood);
    const gaps = starts.slice(10).map((s, i) => s - starts[9 + i]!);
    expect(gaps.every((g) => g >= 80 && g <= 81)).toBe(true);
    expect(order).toEqual(Array.from({ length: 40 }, (_, n) => n));
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it("charges a job what its result says it cost (a hash's CPU time), not how long it took to answer", async () => {
    const { gate, job, starts, t0 } = pacedGate({ concurrency: 1, maxWaiting: 64, share: 0.25 });
    // Each job answers after 20 ms but reports 5 ms of CPU: at a quarter of a core, 5 ms is earned in the
    // 20 ms it runs, so the flood is never paced however long it lasts.
    const flood = Array.from({ length: 40 }, () =>
      gate.run(
        () => job().then(() => ({ cpuMs: 5 })),
        (r) => r.cpuMs,
      ),
    );
    await vi.advanceTimersByTimeAsync(40 * 20);
    await Promise.all(flood);
    expect(starts.map((s) => s - t0)).toEqual(Array.from({ length: 40 }, (_, n) => n * 20));
  });

  it('keeps the line: a sign-in arriving during the flood waits its turn, one more than the line is refused', async () => {
    const { gate, job, starts, t0 } = pacedGate({ concurrency: 1, maxWaiting: 3, share: 0.25 });
    // Seven hashes of 20 ms back to back: 140 ms of work against the burst of 100 and 30 refilled
    // (the first 5 ms would overflow the full bucket), 10 ms in debt.
    for (let i = 0; i < 7; i++) await Promise.all([gate.run(job), vi.advanceTimersByTimeAsync(20)]);
    const accepted = [gate.run(job), gate.run(job), gate.run(job)];
    await vi.advanceTimersByTimeAsync(0);
    // Nothing runs (the budget is in debt) yet the line is full.
    expect(gate.load()).toEqual({ running: 0, waiting: 3 });
    await expect(gate.run(job)).rejects.toBeInstanceOf(PasswordWorkBusy);
    await vi.advanceTimersByTimeAsync(1_000);
    await Promise.all(accepted);
    // The three waited for the budget: the debt paid back in 40 ms, then one every 80 ms.
    expect(starts.slice(7).map((s) => s - t0)).toEqual([180, 260, 340]);
    await expect(Promise.all([gate.run(job), vi.advanceTimersByTimeAsync(1_000)])).resolves.toBeDefined();
  });
});
