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

/** What `/health` of a worker reports. */
export interface SchedulerStatus {
  /** Started and not stopped, and the database answers: the tasks run at their intervals. */
  running: boolean;
  database: 'up' | 'down';
  /** When the database stopped answering, while it does not. */
  downSince: string | null;
  tasks: { name: string; lastSuccessAt: string | null; lastFailureAt: string | null }[];
}

export interface Scheduler {
  start(): void;
  stop(): Promise<void>;
  /** Runs every task once now (tests and the worker's first pass). */
  runOnce(): Promise<void>;
  status(): SchedulerStatus;
}

/** How the scheduler hears a task's channel: the event bus's subscribe. */
export type Subscribe = (channel: string, handler: () => void) => Promise<() => Promise<void>>;

export type OutageEvent = { state: 'down'; task: string; err: unknown } | { state: 'up'; downMs: number };

export interface SchedulerOptions {
  /** A task failed for a reason of its own (the database answering). */
  onError: (task: string, err: unknown) => void;
  subscribe?: Subscribe;
  /**
   * The database the tasks need. A task failing because it is out of reach pauses every task: one ping
   * at a time, 0.5 s apart doubling to `maxProbeMs`, until it answers; then every task runs at once.
   * The outage is told to `onOutage` once when it starts and once when it ends, not at every tick.
   */
  database?: { isUnavailable(err: unknown): boolean; ping(): Promise<void> };
  onOutage?: (event: OutageEvent) => void;
  maxProbeMs?: number;
  now?: () => number;
}

interface TaskState {
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
  /** Woken while running: it runs once more as soon as this run ends. */
  again: boolean;
  /** Held during an outage: it runs when the database answers again. */
  parked: boolean;
  lastSuccessAt: number | null;
  lastFailureAt: number | null;
}

const FIRST_PROBE_MS = 500;

export function createScheduler(tasks: PeriodicTask[], options: SchedulerOptions): Scheduler {
  const { onError, subscribe, database, onOutage, maxProbeMs = 5_000, now = Date.now } = options;
  const states = new Map<PeriodicTask, TaskState>(
    tasks.map((t) => [t, { again: false, parked: false, lastSuccessAt: null, lastFailureAt: null }]),
  );
  const subscriptions: Promise<(() => Promise<void>) | null>[] = [];
  let stopped = true;
  let downSince: number | null = null;
  let probeTimer: NodeJS.Timeout | undefined;

  const runGuarded = async (task: PeriodicTask, state: TaskState) => {
    try {
      await task.run();
      state.lastSuccessAt = now();
    } catch (err) {
      state.lastFailureAt = now();
      if (database?.isUnavailable(err)) outage(task, err);
      else onError(task.name, err);
    }
  };

  const outage = (task: PeriodicTask, err: unknown) => {
    if (downSince !== null) return;
    downSince = now();
    onOutage?.({ state: 'down', task: task.name, err });
    probe(FIRST_PROBE_MS);
  };

  const probe = (delayMs: number) => {
    probeTimer = setTimeout(async () => {
      try {
        await database?.ping();
      } catch {
        if (!stopped) probe(Math.min(delayMs * 2, maxProbeMs));
        return;
      }
      const downMs = now() - (downSince ?? now());
      downSince = null;
      onOutage?.({ state: 'up', downMs });
      for (const [task, state] of states) {
        if (state.parked && !stopped) {
          state.parked = false;
          run(task, state);
        }
      }
    }, delayMs);
    // A worker stays up through an outage by its health server, not by this timer.
    probeTimer.unref();
  };

  // A task never overlaps itself: a wake-up during a run asks for one more run right after it, and the
  // next tick is planned when the runs end.
  const run = (task: PeriodicTask, state: TaskState) => {
    clearTimeout(state.timer);
    if (downSince !== null) {
      state.parked = true;
      return;
    }
    state.running = (async () => {
      do {
        state.again = false;
        await runGuarded(task, state);
      } while (state.again && !stopped && downSince === null);
      state.running = undefined;
      if (stopped) return;
      if (downSince !== null) state.parked = true;
      else plan(task, state);
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

  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

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
      clearTimeout(probeTimer);
      for (const state of states.values()) clearTimeout(state.timer);
      const unsubscribes = await Promise.all(subscriptions.splice(0));
      await Promise.all(unsubscribes.map((unsubscribe) => unsubscribe?.()));
      await Promise.all([...states.values()].map((state) => state.running));
    },
    async runOnce() {
      for (const [task, state] of states) await runGuarded(task, state);
    },
    status() {
      return {
        running: !stopped && downSince === null,
        database: downSince === null ? 'up' : 'down',
        downSince: iso(downSince),
        tasks: [...states].map(([task, state]) => ({
          name: task.name,
          lastSuccessAt: iso(state.lastSuccessAt),
          lastFailureAt: iso(state.lastFailureAt),
        })),
      };
    },
  };
}
