import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

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

/**
 * The store as a separate process (server.ts, or worker.ts without HTTP), started and stopped the way
 * an operator or a crash would: a clean SIGTERM, or a SIGKILL mid-request.
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
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  async start(): Promise<void> {
    this.output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', join(API_SRC, this.entry)], {
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-4000);
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
      if (Date.now() > deadline) throw new Error(`never printed ${text}:\n${this.output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** An API process is ready when /ready answers; a worker when it says so (at LOG_LEVEL info). */
  private async isReady(): Promise<boolean> {
    if (this.entry === 'worker.ts') return this.output.includes('worker running background tasks');
    try {
      return (await fetch(`${this.url}/ready`)).ok;
    } catch {
      return false;
    }
  }

  private async waitReady(): Promise<void> {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`${this.entry} exited:\n${this.output}`);
      if (await this.isReady()) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`${this.entry} never became ready:\n${this.output}`);
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
