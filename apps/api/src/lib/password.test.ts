import { describe, expect, it } from 'vitest';
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

describe('the bound on password hashing', () => {
  it('takes half the cores by default, at least one, with 64 waiting per slot', () => {
    expect(passwordWorkLimits({}, 2)).toEqual({ concurrency: 1, maxWaiting: 64 });
    expect(passwordWorkLimits({}, 1)).toEqual({ concurrency: 1, maxWaiting: 64 });
    expect(passwordWorkLimits({}, 8)).toEqual({ concurrency: 4, maxWaiting: 256 });
    expect(passwordWorkLimits({ concurrency: 3 }, 8)).toEqual({ concurrency: 3, maxWaiting: 192 });
  });

  it('is read from PASSWORD_HASH_CONCURRENCY and PASSWORD_HASH_QUEUE', () => {
    const config = loadConfig({ PASSWORD_HASH_CONCURRENCY: '2', PASSWORD_HASH_QUEUE: '10' });
    expect(config.passwordWork).toEqual({ concurrency: 2, maxWaiting: 10 });
    expect(() => loadConfig({ PASSWORD_HASH_CONCURRENCY: '0' })).toThrow(/PASSWORD_HASH_CONCURRENCY/);
  });

  it('runs at most `concurrency` at once, the others in arrival order as slots free', async () => {
    const gate = createWorkGate({ concurrency: 2, maxWaiting: 10 });
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
    const gate = createWorkGate({ concurrency: 1, maxWaiting: 2 });
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
    const gate = createWorkGate({ concurrency: 1, maxWaiting: 1 });
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(async () => 'next')).resolves.toBe('next');
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('applies to the real argon2 hashes: a burst beyond the queue is refused, the rest verified', async () => {
    limitPasswordWork({ concurrency: 1, maxWaiting: 1 });
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
