// The processes the benchmark drives: the built store and the ceiling server, each its own node process
// on 127.0.0.1, and the database they share (a PGlite folder, or a fresh PostgreSQL database).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from '../apps/api/src/supervisor.ts';

export const root = new URL('..', import.meta.url).pathname;
export const HOST = '127.0.0.1';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const live = new Set<Running>();

/** Stops whatever is still running (after a failure half-way). */
export async function stopAll(): Promise<void> {
  await Promise.all([...live].map((r) => r.stop()));
}

export interface Running {
  url: string;
  pid: number;
  /** Milliseconds from spawn to the first 200 on /ready. */
  startMs: number;
  /** CPU milliseconds the process spent until then: steadier than the wall clock on a busy machine. */
  startCpuMs: number;
  stop(): Promise<void>;
}

async function startProcess(args: string[], env: NodeJS.ProcessEnv, port: number): Promise<Running> {
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4_000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://${HOST}:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited:\n${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${args.join(' ')} did not answer /ready in 60 s:\n${stderr}`);
    }
    const ok = await fetch(`${url}/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const startMs = performance.now() - started;
  const running: Running = {
    url,
    pid: child.pid!,
    startMs,
    startCpuMs: cpuMsOf(child.pid!),
    async stop() {
      live.delete(running);
      if (child.exitCode === null) child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    },
  };
  live.add(running);
  return running;
}

/** user + system time of a Linux process, from /proc (clock ticks of 10 ms); NaN elsewhere. */
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

export interface BenchDatabase {
  kind: 'pglite' | 'postgres';
  env: NodeJS.ProcessEnv;
  drop(): Promise<void>;
}

let benchDatabases = 0;

/** A PGlite folder of its own, or a fresh database beside the one DATABASE_URL names. */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(join(tmpdir(), 'numero-bench-'));
    return {
      kind: 'pglite',
      env: { DATA_DIR: dir, DATABASE_URL: '' },
      async drop() {
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `numero_bench_${process.pid}_${++benchDatabases}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    kind: 'postgres',
    env: { DATABASE_URL: own.toString() },
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** The admin account every bench store is started with. */
export const BENCH_ADMIN = { email: 'admin@numero.local', password: 'bench-admin-password-1234' };

export async function startStore(
  database: BenchDatabase,
  port: number,
  env: NodeJS.ProcessEnv = {},
): Promise<Running> {
  return startProcess(
    // With the flags the supervisor gives each server process under `npm start`, and any of
    // BENCH_STORE_FLAGS (a profile of the store: "--cpu-prof --cpu-prof-dir=/tmp/prof").
    [...SERVER_NODE_FLAGS, ...(process.env.BENCH_STORE_FLAGS?.split(' ') ?? []), 'apps/api/dist/server.js'],
    {
      ...database.env,
      NODE_ENV: 'production',
      DEMO_MODE: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://${HOST}:${port}`,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      REGISTRATIONS_PER_HOUR: '100',
      ...env,
    },
    port,
  );
}

export async function startCeiling(database: BenchDatabase, port: number): Promise<Running> {
  return startProcess(
    ['bench/ceiling.mjs'],
    {
      ...database.env,
      // What the store sends for `/` to a Portuguese reader: the landing pre-rendered by the web build.
      INDEX_HTML: join(root, 'apps/web/dist/landing.pt.html'),
    },
    port,
  );
}

export const CUSTOMER_PASSWORD = 'bench-customer-pass-9876';

/** A new customer signed up and signed in through the store: the session cookie its browser would send. */
export async function signUpCustomer(
  storeUrl: string,
  email = `bench-${Date.now()}@numero.test`,
): Promise<string> {
  const password = CUSTOMER_PASSWORD;
  const registered = await fetch(`${storeUrl}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: storeUrl },
    body: JSON.stringify({ email, password }),
  });
  if (registered.status !== 201)
    throw new Error(`Sign-up answered ${registered.status}: ${await registered.text()}`);
  return signIn(storeUrl, email, password);
}

/** Signs in through the store: the session cookie its browser would send. */
export async function signIn(storeUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${storeUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: storeUrl },
    body: new URLSearchParams({ username: email, password }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('numero_session='));
  if (!res.ok || !cookie) throw new Error(`Sign-in answered ${res.status}: ${await res.text()}`);
  return cookie.split(';')[0]!;
}
