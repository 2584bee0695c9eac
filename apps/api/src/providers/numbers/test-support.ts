import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UpstreamError } from './number-provider.ts';

/** For tests only. A real HTTP server on 127.0.0.1 that the adapters talk to as they would upstream. */
export interface SeenRequest {
  url: URL;
  headers: IncomingHttpHeaders;
}

export interface TestServer {
  baseUrl: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

export type TestHandler = (req: SeenRequest, res: ServerResponse) => void;

export async function startTestServer(handler: TestHandler): Promise<TestServer> {
  const requests: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const seen = { url: new URL(req.url ?? '/', 'http://127.0.0.1'), headers: req.headers };
    requests.push(seen);
    handler(seen, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        // Handlers that never answer leave sockets open; close() alone would wait for them.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A base URL on which nothing listens: the port was just bound and released. */
export async function closedBaseUrl(): Promise<string> {
  const server = await startTestServer(() => {});
  await server.close();
  return server.baseUrl;
}

export function send(res: ServerResponse, status: number, body: string | object): void {
  const json = typeof body !== 'string';
  res.writeHead(status, { 'content-type': json ? 'application/json' : 'text/plain' });
  res.end(json ? JSON.stringify(body) : body);
}

/** The UpstreamError a call fails with; anything else (success included) fails the test. */
export async function upstreamErrorOf(promise: Promise<unknown>): Promise<UpstreamError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof UpstreamError) return err;
    throw new Error(`expected an UpstreamError, got ${String(err)}`);
  }
  throw new Error('expected an UpstreamError, but the call succeeded');
}
