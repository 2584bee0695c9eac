// The ceiling of each benchmarked endpoint: a bare node:http server doing the same database work with the
// raw driver and hand-written SQL, with no framework, session layer or validation. The store's figure
// divided by this one is the store's overhead. Run by bench/run.ts as its own process, on the store's
// database: PGlite (DATA_DIR, while the store is stopped) or PostgreSQL (DATABASE_URL).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { purchaseRoute } from './ceiling-purchase.mjs';

const port = Number(process.env.PORT);
const indexHtml = readFileSync(process.env.INDEX_HTML);
const IDLE_MS = 30 * 60_000;

async function openDriver() {
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return {
      query: async (name, text, values) => (await pool.query({ name, text, values })).rows,
      async transaction(work) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const out = await work(
            async (name, text, values) => (await client.query({ name, text, values })).rows,
          );
          await client.query('COMMIT');
          return out;
        } catch (err) {
          await client.query('ROLLBACK');
          throw err;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(process.env.DATA_DIR);
  await db.waitReady;
  return {
    query: async (_name, text, values) => (await db.query(text, values)).rows,
    transaction: (work) =>
      db.transaction((tx) => work(async (_name, text, values) => (await tx.query(text, values)).rows)),
    close: () => db.close(),
  };
}

const db = await openDriver();

const SESSION_SQL = `SELECT u.id, u.email, u.role, u.is_active, u.preferred_language, u.preferred_currency,
  u.full_name, u.phone_number, u.created_at, s.last_seen_at, s.expires_at
  FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1`;
const BALANCE_SQL = `SELECT balance FROM ledger_accounts WHERE kind = 'wallet' AND user_id = $1 AND currency = $2`;
const PRODUCTS_SQL = `SELECT p.id, p.sku, p.service_code, s.name AS service_name, s.icon AS service_icon,
  p.country_code, c.name_pt, c.flag, c.dial_code, p.price_brl, p.stock
  FROM products p JOIN services s ON s.code = p.service_code JOIN countries c ON c.code = p.country_code
  WHERE p.is_active AND s.is_active AND c.is_active
  ORDER BY p.stock > 0 DESC, p.price_brl ASC, c.name_pt ASC`;

async function caller(req) {
  const token = /(?:^|;\s*)numero_session=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  if (!token) return null;
  const hash = createHash('sha256').update(token).digest('hex');
  const [row] = await db.query('session', SESSION_SQL, [hash]);
  const now = Date.now();
  if (!row?.is_active || now >= new Date(row.expires_at).getTime()) return null;
  return now - new Date(row.last_seen_at).getTime() < IDLE_MS ? row : null;
}

const json = (res, status, body) => {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
};

const routes = {
  'POST /api/v1/activations': purchaseRoute(db, caller, json),
  '/health': async (_req, res) => json(res, 200, { status: 'ok' }),
  '/ready': async (_req, res) => json(res, 200, { status: 'ok' }),
  '/': async (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': indexHtml.length });
    res.end(indexHtml);
  },
  '/api/v1/users/me': async (req, res) => {
    const u = await caller(req);
    if (!u) return json(res, 401, { detail: 'unauthorized' });
    json(res, 200, {
      id: u.id,
      email: u.email,
      role: u.role,
      roles: [u.role],
      is_active: u.is_active,
      preferred_language: u.preferred_language,
      preferred_currency: u.preferred_currency,
      profile: { full_name: u.full_name, phone_number: u.phone_number },
      created_at: new Date(u.created_at).toISOString(),
    });
  },
  '/api/v1/wallets/BRL/balance': async (req, res) => {
    const u = await caller(req);
    if (!u) return json(res, 401, { detail: 'unauthorized' });
    const [row] = await db.query('balance', BALANCE_SQL, [u.id, 'BRL']);
    json(res, 200, { balance: Number(row?.balance ?? 0), currency: 'BRL' });
  },
  '/api/v1/catalog/products': async (req, res) => {
    const rows = await db.query('products', PRODUCTS_SQL, []);
    const text = JSON.stringify(
      rows.map((r) => ({
        id: r.id,
        sku: r.sku,
        service_code: r.service_code,
        service_name: r.service_name,
        service_icon: r.service_icon,
        country_code: r.country_code,
        country_name: r.name_pt,
        flag: r.flag,
        dial_code: r.dial_code,
        price: Number(r.price_brl),
        currency: 'BRL',
        stock: r.stock,
        available: r.stock > 0,
      })),
    );
    const etag = `"${createHash('sha1').update(text).digest('base64url')}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag });
      return res.end();
    }
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      etag,
    });
    res.end(text);
  },
};

const server = createServer((req, res) => {
  const path = req.url.split('?')[0];
  const route = req.method === 'POST' ? routes[`POST ${path}`] : routes[path];
  if (!route) return json(res, 404, { detail: 'not found' });
  route(req, res).catch(() => json(res, 500, { detail: 'error' }));
});
server.listen(port, '127.0.0.1');

const stop = () => server.close(() => void db.close().then(() => process.exit(0)));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
