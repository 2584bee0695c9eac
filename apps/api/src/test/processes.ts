import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { basename, join } from 'node:path';
import { TEST_ORIGIN, TEST_PASSWORD } from './helpers.ts';
import { LOG_DIR, rememberSecrets } from './log-scan.ts';
import { ADMIN } from './test-database.ts';

const API_SRC = join(import.meta.dirname, '..');

/** A free port on the loopback, for a child process to listen on. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The environment of a store process in the reliability suite, on its own database. */
export function storeEnv(databaseUrl: string, publicUrl: string): Record<string, string> {
  const secrets = {
    SIMULATOR_SECRET: 'reliability-simulator-secret',
    SANDBOX_WEBHOOK_SECRET: 'whsec_reliability_suite_secret',
  };
  rememberSecrets(...Object.values(secrets), ADMIN.password, TEST_PASSWORD);
  return {
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'test',
    // Every request is logged when the logs are kept, for the scan of secrets to read.
    LOG_LEVEL: LOG_DIR ? 'info' : 'warn',
    PUBLIC_URL: publicUrl,
    ALLOWED_ORIGINS: TEST_ORIGIN,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    REGISTRATIONS_PER_HOUR: '1000',
    ...secrets,
    SANDBOX_WEBHOOK_DELAY_MS: '100',
  };
}

/**
 * The store as a separate process (server.ts; worker.ts, which serves only /health on `port`; or the
 * supervisor, given `['worker']` to run the worker), started and stopped the way an operator or a crash
 * would: a clean SIGTERM, or a SIGKILL mid-request.
 */
export class StoreProcess {
  private child: ChildProcess | null = null;
  readonly url: string;
  /** The tail of what the process printed, for a failing test to show. */
  output = '';

  constructor(
    private readonly entry: 'server.ts' | 'worker.ts' | 'supervisor.ts',
    private readonly env: Record<string, string>,
    readonly port = 0,
    private readonly args: string[] = [],
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  async start(): Promise<void> {
    this.output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', join(API_SRC, this.entry), ...this.args], {
      env: {
        ...process.env,
        ...this.env,
        PORT: String(this.port),
        WORKER_PORT: String(this.port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const file = LOG_DIR
      ? createWriteStream(join(LOG_DIR, `${basename(this.entry, '.ts')}-${Date.now()}-${child.pid}.log`))
      : null;
    child.once('exit', () => file?.end());
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-1_000_000);
      file?.write(chunk);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.child = child;
    await this.waitReady();
  }

  /** Waits until the process has printed `text`. */
  async waitFor(text: string | RegExp, ms = 30_000): Promise<void> {
    const deadline = Date.now() + ms;
    const seen = () => (typeof text === 'string' ? this.output.includes(text) : text.test(this.output));
    while (!seen()) {
      if (Date.now() > deadline) throw new Error(`never printed ${text}:\n${this.output.slice(-4000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  get isWorker(): boolean {
    return this.entry === 'worker.ts' || this.args.includes('worker');
  }

  /**
   * An API process is ready when /ready answers; a worker when /health says it runs its tasks, or, on
   * port 0, when it says so (at LOG_LEVEL info).
   */
  private async isReady(): Promise<boolean> {
    if (this.isWorker && !this.port) return this.output.includes('worker running background tasks');
    try {
      return (await fetch(`${this.url}${this.isWorker ? '/health' : '/ready'}`)).ok;
    } catch {
      return false;
    }
  }

  private async waitReady(): Promise<void> {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`${this.entry} exited:\n${this.output.slice(-4000)}`);
      if (await this.isReady()) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`${this.entry} never became ready:\n${this.output.slice(-4000)}`);
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Ends the process (SIGKILL is a crash, SIGTERM a clean shutdown); returns its exit code. */
  async stop(signal: 'SIGKILL' | 'SIGTERM' = 'SIGTERM'): Promise<number | null> {
    const child = this.child;
    if (!child || !this.running) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill(signal);
    const code = await Promise.race([exited, new Promise<null>((r) => setTimeout(() => r(null), 15_000))]);
    if (this.running) child.kill('SIGKILL');
    this.child = null;
    return code;
  }
}

export type Answer = { status: number; body: Record<string, unknown> };

/** One HTTP call to a store process as a browser would make it; status 0 when the process dropped it. */
export async function callStore(
  to: { url: string },
  method: string,
  path: string,
  opts: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  try {
    const res = await fetch(`${to.url}${path}`, {
      method,
      headers: {
        origin: TEST_ORIGIN,
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
        ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...opts.headers,
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text);
    } catch {
      body = { text };
    }
    return { status: res.status, body };
  } catch {
    // Refused or reset: the process is down or died mid-request.
    return { status: 0, body: {} };
  }
}

/** Signs in on a store process; the session cookie to send. */
export async function signInTo(to: { url: string }, email: string, password: string): Promise<string> {
  const res = await fetch(`${to.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password }).toString(),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.includes('numero_session='));
  if (res.status !== 200 || !cookie) throw new Error(`sign-in failed: ${res.status}`);
  const session = cookie.split(';')[0]!;
  rememberSecrets(session.slice(session.indexOf('=') + 1));
  return session;
}

/** A new customer, signed in, whose BRL wallet staff credited with `cents` (what checkMoney counts from). */
export async function openCustomer(
  to: { url: string },
  adminCookie: string,
  cents: number,
): Promise<{ id: string; email: string; cookie: string }> {
  const email = `reliability-${randomUUID().slice(0, 12)}@numero.test`;
  const reg = await callStore(to, 'POST', '/api/v1/auth/register', {
    body: { email, password: TEST_PASSWORD, preferred_language: 'pt-BR', preferred_currency: 'BRL' },
  });
  if (reg.status !== 201) throw new Error(`registration failed: ${reg.status}`);
  const id = (reg.body.user as { id: string }).id;
  const credit = await callStore(to, 'POST', `/api/v1/admin/users/${id}/wallet-adjustments`, {
    cookie: adminCookie,
    body: { currency: 'BRL', amount: cents, reason: 'reliability suite float' },
  });
  if (credit.status !== 201) throw new Error(`wallet credit failed: ${credit.status}`);
  return { id, email, cookie: await signInTo(to, email, TEST_PASSWORD) };
}
