import { availableParallelism } from 'node:os';
import type { Algorithm } from '@node-rs/argon2';
import { createArgon2Workers } from './password-worker.ts';

// OWASP's argon2id profile: 19 MiB, 2 iterations, 1 lane. (2 is Algorithm.Argon2id, a const enum.)
export const ARGON2_PARAMS = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export interface PasswordWorkLimits {
  /** Hashes computed at once. */
  concurrency: number;
  /** Hashes that may wait for their turn; one more is refused (503) instead of queued. */
  maxWaiting: number;
  /** Share of one core the hashes may take on average: seconds of hashing per second. */
  share: number;
}

/**
 * The default share: a tenth of a core, some 12 to 16 hashes a second at 6 to 8 ms of CPU each. A sign-in
 * costs about as much again outside argon2 (6 ms of the main thread on PGlite, 2 ms plus PostgreSQL's
 * own work), and the flood bench on 2 cores kept 0.69 (PGlite) and 0.50 (PostgreSQL) of the other
 * endpoints' throughput at a quarter of a core against 0.79 and 0.87 at a tenth.
 */
export const DEFAULT_PASSWORD_HASH_SHARE = 0.1;

/**
 * Hashing (in ms) that may start at once on a quiet process before the share paces it: a sign-in, a
 * sign-up or a password change (two hashes) never waits unless hashes are already being paced.
 */
export const PASSWORD_WORK_BURST_MS = 100;

/**
 * The bound, with defaults for what is not given: half the cores, at least one (each hash keeps a core
 * busy for ~10 ms, so a flood of sign-ins leaves the other half to every other request instead of taking
 * the whole machine), 64 waiting per slot (more than a flood's connections, so the flood waits its turn
 * rather than getting a stream of 503s that cost CPU too) and a tenth of a core on average.
 */
export function passwordWorkLimits(
  given: { [K in keyof PasswordWorkLimits]?: number | undefined } = {},
  cores = availableParallelism(),
): PasswordWorkLimits {
  const concurrency = given.concurrency ?? Math.max(1, Math.floor(cores / 2));
  return {
    concurrency,
    maxWaiting: given.maxWaiting ?? 64 * concurrency,
    share: given.share ?? DEFAULT_PASSWORD_HASH_SHARE,
  };
}

/** Too many hashes already wait: the caller gets 503 with Retry-After (http/errors.ts) and tries again. */
export class PasswordWorkBusy extends Error {
  readonly statusCode = 503;
  constructor() {
    super('too many password hashes waiting');
    this.name = 'PasswordWorkBusy';
  }
}

/**
 * Runs at most `concurrency` jobs at once, first come first served, with at most `maxWaiting` in line:
 * a burst beyond that is refused at once rather than held in memory with its request.
 *
 * On top of that, a budget of CPU time (a token bucket, in ms of hashing): it refills at `share` ms per
 * ms up to `burstMs`, each job's cost is charged when it ends, and no job starts while the budget is in
 * debt. A flood is so paced to `share` of a core on average, whatever the concurrency. The cost is what
 * `costOf` reads from the job's result (the hash's CPU time), else the job's duration.
 */
export function createWorkGate(
  { concurrency, maxWaiting, share }: PasswordWorkLimits,
  burstMs = PASSWORD_WORK_BURST_MS,
) {
  let running = 0;
  const waiting: (() => void)[] = [];
  let budget = burstMs;
  let refilledAt = performance.now();
  let wake: ReturnType<typeof setTimeout> | undefined;

  const refill = () => {
    const now = performance.now();
    budget = Math.min(burstMs, budget + (now - refilledAt) * share);
    refilledAt = now;
  };
  const mayStart = () => {
    refill();
    return running < concurrency && budget >= 0;
  };
  // Starts waiting jobs while slots and budget allow; when only the budget stops them, wakes up once it
  // is paid back (a finishing job would call this anyway, but with none running nothing else would).
  const startWaiting = () => {
    while (waiting.length > 0 && mayStart()) {
      running++;
      waiting.shift()?.();
    }
    if (waiting.length > 0 && running < concurrency && wake === undefined)
      wake = setTimeout(
        () => {
          wake = undefined;
          startWaiting();
        },
        Math.max(1, Math.ceil(-budget / share)),
      );
  };

  return {
    async run<T>(work: () => Promise<T>, costOf?: (result: T) => number): Promise<T> {
      // Nobody overtakes the line: a job starts at once only when none waits.
      if (waiting.length === 0 && mayStart()) running++;
      else if (waiting.length >= maxWaiting) throw new PasswordWorkBusy();
      else
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          startWaiting();
        });
      const started = performance.now();
      let cost: number | undefined;
      try {
        const result = await work();
        cost = costOf?.(result);
        return result;
      } finally {
        refill();
        budget -= cost ?? performance.now() - started;
        running--;
        startWaiting();
      }
    },
    load: () => ({ running, waiting: waiting.length }),
  };
}

let gate = createWorkGate(passwordWorkLimits());
const argon2 = createArgon2Workers(ARGON2_PARAMS);
const cpuTime = (result: { cpuMs: number }) => result.cpuMs;

/**
 * Sets the bound from the configuration (PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE,
 * PASSWORD_HASH_SHARE) at start-up.
 */
export function limitPasswordWork(limits: PasswordWorkLimits): void {
  gate = createWorkGate(limits);
}

export async function hashPassword(password: string): Promise<string> {
  return (await gate.run(() => argon2.run({ op: 'hash', password }), cpuTime)).value;
}

/** False for a wrong password and for a stored hash argon2 cannot read. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  return (await gate.run(() => argon2.run({ op: 'verify', stored: storedHash, password }), cpuTime)).value;
}
