import { availableParallelism } from 'node:os';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

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
  /** Hashes that may wait for a free slot; one more is refused (503) instead of queued. */
  maxWaiting: number;
}

/**
 * The bound, with defaults for what is not given: half the cores, at least one (each hash keeps a core
 * busy for ~10 ms, so a flood of sign-ins leaves the other half to every other request instead of taking
 * the whole machine), and 64 waiting per slot (about a second of work in line).
 */
export function passwordWorkLimits(
  given: { concurrency?: number | undefined; maxWaiting?: number | undefined } = {},
  cores = availableParallelism(),
): PasswordWorkLimits {
  const concurrency = given.concurrency ?? Math.max(1, Math.floor(cores / 2));
  return { concurrency, maxWaiting: given.maxWaiting ?? 64 * concurrency };
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
 */
export function createWorkGate({ concurrency, maxWaiting }: PasswordWorkLimits) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < concurrency) running++;
      else if (waiting.length >= maxWaiting) throw new PasswordWorkBusy();
      // The job that finishes hands its slot over: `running` stays as it is.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
    load: () => ({ running, waiting: waiting.length }),
  };
}

let gate = createWorkGate(passwordWorkLimits());

/** Sets the bound from the configuration (PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE) at start-up. */
export function limitPasswordWork(limits: PasswordWorkLimits): void {
  gate = createWorkGate(limits);
}

export function hashPassword(password: string): Promise<string> {
  return gate.run(() => hash(password, ARGON2_PARAMS));
}

export function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  return gate.run(() => verify(storedHash, password).catch(() => false));
}
