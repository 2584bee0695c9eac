import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that can play an outage as the store's processes see one: while
 * down, every open connection is cut and new ones are refused at once (the port stays taken, so nothing
 * else can take it), as when the server is stopped; up again, connections pass through to it. The real
 * server keeps serving the other tests meanwhile.
 */
export class OutageProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private down = false;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** The URL to give the processes: the database's, through this proxy. */
  urlFor(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  async start(): Promise<void> {
    const server = createServer((client) => {
      if (this.down) {
        client.destroy();
        return;
      }
      const upstream = connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
  }

  /** The database stops: every connection through the proxy is cut, new ones are dropped. */
  stopDatabase(): void {
    this.down = true;
    for (const socket of this.sockets) socket.destroy();
  }

  startDatabase(): void {
    this.down = false;
  }

  async close(): Promise<void> {
    this.stopDatabase();
    await new Promise((resolve) => this.server?.close(resolve) ?? resolve(undefined));
  }
}
