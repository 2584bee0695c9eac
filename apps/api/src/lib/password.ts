import { availableParallelism } from 'node:os';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

// OWASP's argon2id profile: 19 MiB, 2 iterations, 1 lane. (2 is Algorithm.Argon2id, a const enum.)
export const ARGON2_PARAMS = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

// Each hash holds 19 MiB for ~10 ms: bound how many run at once so a burst of sign-ins cannot exhaust memory.
const maxConcurrent = Math.max(2, availableParallelism());
let running = 0;
const waiting: (() => void)[] = [];

async function bounded<T>(work: () => Promise<T>): Promise<T> {
  if (running >= maxConcurrent) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export function hashPassword(password: string): Promise<string> {
  return bounded(() => hash(password, ARGON2_PARAMS));
}

export function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  return bounded(() => verify(storedHash, password).catch(() => false));
}
