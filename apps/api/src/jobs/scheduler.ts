/**
 * Runs periodic tasks in this process. The work itself lives in PostgreSQL rows that each task claims
 * with `FOR UPDATE SKIP LOCKED`, so any number of API and worker processes can run the same tasks
 * without doing anything twice; this only decides when to look.
 */
export interface PeriodicTask {
  name: string;
  intervalMs: number;
  run: () => Promise<unknown>;
  /**
   * A channel of the event bus on which the database announces new work for this task: a message runs
   * it at once instead of at its next tick (the interval stays, for work that falls due by time alone).
   */
  wakeOn?: string;
}

export interface Scheduler {
  start(): void;
  stop(): Promise<void>;
  /** Runs every task once now (tests and the worker's first pass). */
  runOnce(): Promise<void>;
}

/** How the scheduler hears a task's channel: the event bus's subscribe. */
export type Subscribe = (channel: string, handler: () => void) => Promise<() => Promise<void>>;

interface TaskState {
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
  /** Woken while running: it runs once more as soon as this run ends. */
  again: boolean;
}

export function createScheduler(
  tasks: PeriodicTask[],
  onError: (task: string, err: unknown) => void,
  subscribe?: Subscribe,
): Scheduler {
  const states = new Map<PeriodicTask, TaskState>(tasks.map((t) => [t, { again: false }]));
  const subscriptions: Promise<(() => Promise<void>) | null>[] = [];
  let stopped = true;

  const runGuarded = (task: PeriodicTask) => task.run().catch((err) => onError(task.name, err));

  // A task never overlaps itself: a wake-up during a run asks for one more run right after it, and the
  // next tick is planned when the runs end.
  const run = (task: PeriodicTask, state: TaskState) => {
    clearTimeout(state.timer);
    state.running = (async () => {
      do {
        state.again = false;
        await runGuarded(task);
      } while (state.again && !stopped);
      state.running = undefined;
      if (!stopped) plan(task, state);
    })();
  };

  const plan = (task: PeriodicTask, state: TaskState) => {
    state.timer = setTimeout(() => run(task, state), task.intervalMs);
    state.timer.unref();
  };

  const wake = (task: PeriodicTask, state: TaskState) => {
    if (stopped) return;
    if (state.running) state.again = true;
    else run(task, state);
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      for (const [task, state] of states) {
        plan(task, state);
        if (!task.wakeOn || !subscribe) continue;
        subscriptions.push(
          subscribe(task.wakeOn, () => wake(task, state)).catch((err) => {
            // Without the channel the task still runs at its interval.
            onError(task.name, err);
            return null;
          }),
        );
      }
    },
    async stop() {
      stopped = true;
      for (const state of states.values()) clearTimeout(state.timer);
      const unsubscribes = await Promise.all(subscriptions.splice(0));
      await Promise.all(unsubscribes.map((unsubscribe) => unsubscribe?.()));
      await Promise.all([...states.values()].map((state) => state.running));
    },
    async runOnce() {
      for (const task of tasks) await runGuarded(task);
    },
  };
}
