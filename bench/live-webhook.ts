/**
 * The reseller's side of bench/live-code.ts: the time from upstream having an SMS to a reseller's
 * webhook receiving it, for numbers bought through the sms-activate protocol by a key with a webhook.
 * The receiver listens on 127.0.0.1, which the store calls only outside production (a customer's
 * webhook must not reach the store's own network), so this part runs on an API built with
 * NODE_ENV=development; everything else is as in the page's part.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HANDLER_API_PATH } from '@numero/contract/reseller';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client.ts';
import { queryRows } from '../apps/api/src/db/sql.ts';

interface Deps {
  /** The API that sells (and, with its jobs, delivers the webhooks). */
  baseUrl: string;
  database: Database;
  /** A signed-in customer with money for `purchases`: the session cookie. */
  newCustomer: (purchases: number) => Promise<string>;
  upstreamHadItAt: (upstreamId: string) => number;
  purchases: number;
  perCustomer: number;
}

/** A receiver on loopback that notes when each activation's first webhook arrives. */
async function startReceiver() {
  const arrivals = new Map<number, number>();
  const waiters = new Map<number, () => void>();
  const server = createServer((req, res) => {
    const at = Date.now();
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      res.end();
      const { activationId } = JSON.parse(body) as { activationId: number };
      if (!arrivals.has(activationId)) arrivals.set(activationId, at);
      waiters.get(activationId)?.();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    /** When the webhook of `activationId` arrived, waiting for it if it has not yet. */
    async arrival(activationId: number, timeoutMs: number): Promise<number> {
      if (!arrivals.has(activationId)) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no webhook for ${activationId}`)), timeoutMs);
          waiters.set(activationId, () => {
            clearTimeout(timer);
            resolve();
          });
        });
        waiters.delete(activationId);
      }
      return arrivals.get(activationId)!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A new API key with a webhook to `url`, made through the profile's routes as a customer would. */
async function keyWithWebhook(baseUrl: string, cookie: string, url: string): Promise<string> {
  const headers = { origin: baseUrl, cookie, 'content-type': 'application/json' };
  const created = await fetch(`${baseUrl}/api/v1/api-keys`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'bench bot' }),
  });
  if (created.status !== 201) throw new Error(`key creation failed: ${created.status}`);
  const { id, key } = (await created.json()) as { id: string; key: string };
  const patched = await fetch(`${baseUrl}/api/v1/api-keys/${id}`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ webhook_url: url }),
  });
  if (patched.status !== 200) throw new Error(`webhook setting failed: ${patched.status}`);
  return key;
}

/** Milliseconds from upstream having each SMS to the reseller's receiver having its webhook. */
export async function measureWebhooks(deps: Deps): Promise<number[]> {
  const receiver = await startReceiver();
  const latencies: number[] = [];
  let key = '';
  try {
    for (let i = 0; i < deps.purchases; i++) {
      if (i % deps.perCustomer === 0) {
        key = await keyWithWebhook(deps.baseUrl, await deps.newCustomer(deps.perCustomer), receiver.url);
      }
      const query = new URLSearchParams({ api_key: key, action: 'getNumber', service: 'wa', country: '73' });
      const answer = await (await fetch(`${deps.baseUrl}${HANDLER_API_PATH}?${query}`)).text();
      if (!answer.startsWith('ACCESS_NUMBER:')) throw new Error(`getNumber answered ${answer}`);
      const activationId = Number(answer.split(':')[1]);
      const arrivedAt = await receiver.arrival(activationId, 60_000);
      const [row] = await queryRows<{ upstream_id: string }>(
        deps.database.db,
        sql`SELECT upstream_id FROM activations WHERE public_id = ${activationId}`,
      );
      latencies.push(arrivedAt - deps.upstreamHadItAt(row!.upstream_id));
      if (process.env.BENCH_VERBOSE) console.log(`webhook ${i + 1}: ${latencies.at(-1)} ms`);
    }
  } finally {
    await receiver.close();
  }
  return latencies;
}
