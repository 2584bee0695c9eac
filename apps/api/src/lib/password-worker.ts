import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * argon2 on worker threads of our own, each reporting the CPU time its hash took (its thread's own
 * clock), which is what the share of a core in password.ts is charged. Timed from the main thread, a
 * hash would also count the time its answer waited for a busy event loop and for a busy machine: on a
 * loaded store that was many times the ~10 ms of the hash, and the flood slowed to a trickle.
 *
 * The source is inline so that the bundled build (scripts/build-api.mjs) needs no file of its own; the
 * addon is required by its resolved path, as the bundle keeps it in node_modules.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { hashSync, verifySync } = require(workerData.addon);
parentPort.on('message', ({ op, password, stored }) => {
  const before = process.threadCpuUsage();
  let value;
  let error;
  try {
    value = op === 'hash' ? hashSync(password, workerData.params) : verifySync(stored, password);
  } catch (err) {
    if (op === 'verify') value = false;
    else error = err instanceof Error ? err.message : String(err);
  }
  const used = process.threadCpuUsage(before);
  parentPort.postMessage({ value, error, cpuMs: (used.user + used.system) / 1000 });
});
`;

export type Argon2Job = { op: 'hash'; password: string } | { op: 'verify'; stored: string; password: string };

export interface Argon2Result<T> {
  value: T;
  /** CPU time the hash took on its thread. */
  cpuMs: number;
}

/**
 * Worker threads created as jobs need them and kept for the next ones; the caller (the work gate) bounds
 * how many jobs run at once, so that is how many threads there are. An idle thread does not keep the
 * process alive.
 */
export function createArgon2Workers(params: object) {
  const addon = createRequire(import.meta.url).resolve('@node-rs/argon2');
  const idle: Worker[] = [];

  function run(job: { op: 'hash'; password: string }): Promise<Argon2Result<string>>;
  function run(job: { op: 'verify'; stored: string; password: string }): Promise<Argon2Result<boolean>>;
  function run(job: Argon2Job): Promise<Argon2Result<string | boolean>> {
    const worker = idle.pop() ?? new Worker(WORKER_SOURCE, { eval: true, workerData: { addon, params } });
    worker.ref();
    return new Promise((resolve, reject) => {
      const done = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
      };
      const onMessage = (m: { value: string | boolean; error?: string; cpuMs: number }) => {
        done();
        worker.unref();
        idle.push(worker);
        if (m.error !== undefined) reject(new Error(m.error));
        else resolve({ value: m.value, cpuMs: m.cpuMs });
      };
      // A thread that failed is not reused; the next job starts a new one.
      const onError = (err: Error) => {
        done();
        void worker.terminate();
        reject(err);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.postMessage(job);
    });
  }
  return { run };
}
