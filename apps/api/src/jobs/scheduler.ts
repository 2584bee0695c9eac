/**
 * Runs periodic tasks in this process. The work itself lives in PostgreSQL rows that each task claims
 * with `FOR UPDATE SKIP LOCKED`, so any number of API and worker processes can run the same tasks
 * without doing anything twice; this only decides when to look.
 */
export interface PeriodicTask {
  name: string;
  intervalMs: number;
  run: () => Promise<unknown>;
}

export interface Scheduler {
  start(): void;
  stop(): Promise<void>;
  /** Runs every task once now (tests and the worker's first pass). */
  runOnce(): Promise<void>;
}

export function createScheduler(
  tasks: PeriodicTask[],
  onError: (task: string, err: unknown) => void,
): Scheduler {
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  let stopped = true;

  const runTask = async (task: PeriodicTask) => {
    const p = task.run().catch((err) => onError(task.name, err));
    running.add(p);
    await p;
    running.delete(p);
  };

  const loop = (task: PeriodicTask) => {
    // The next run is planned after this one ends, so a slow run never overlaps itself.
    const timer = setTimeout(async () => {
      await runTask(task);
      if (!stopped) loop(task);
    }, task.intervalMs);
    timer.unref();
    timers.set(task.name, timer);
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      for (const t of tasks) loop(t);
    },
    async stop() {
      stopped = true;
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
      await Promise.all(running);
    },
    async runOnce() {
      for (const t of tasks) await runTask(t);
    },
  };
}
