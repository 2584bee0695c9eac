// The ceiling of `POST /api/v1/activations`: the rows a purchase writes, by hand, in one transaction.
// The store writes them in two (the activation with its ledger transfer before asking upstream for a
// number, then the number and the stock after) plus one for the record of the upstream request; here the
// number is made up on the spot, so everything fits in one. Mirrors apps/api/src/db/migrations (0003
// ledger, 0004 activations, 0016 upstream requests) and features/ledger (a purchase moves the price from
// the customer's wallet to escrow: one transfer, two entries, each account's cached balance moved).
import { randomInt, randomUUID } from 'node:crypto';

const PRODUCT_SQL = `SELECT p.id, p.service_code, p.country_code, p.price_brl, p.price_usd, p.stock, s.name AS service_name
  FROM products p JOIN services s ON s.code = p.service_code JOIN countries c ON c.code = p.country_code
  WHERE p.id = $1 AND p.is_active AND s.is_active AND c.is_active`;
const INSERT_ACTIVATION = `INSERT INTO activations
  (id, user_id, product_id, service_code, country_code, currency, price, status, idempotency_key)
  VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8) ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id`;
const INSERT_TRANSFER = `INSERT INTO ledger_transfers (idempotency_key, kind, currency, amount, user_id, description, reference)
  VALUES ($1, 'purchase', $2, $3, $4, $5, $6) RETURNING id`;
const DEBIT_WALLET = `UPDATE ledger_accounts SET balance = balance - $1
  WHERE kind = 'wallet' AND user_id = $2 AND currency = $3 RETURNING id, balance`;
const CREDIT_ESCROW = `UPDATE ledger_accounts SET balance = balance + $1
  WHERE kind = 'escrow' AND user_id IS NULL AND currency = $2 RETURNING id, balance`;
const INSERT_ENTRIES = `INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after)
  VALUES ($1, $2, $3, $4), ($1, $5, $6, $7)`;
const INSERT_REQUEST = `INSERT INTO activation_upstream_requests (activation_id, provider, asked_at)
  VALUES ($1, 'simulator', now())`;
// next_check_at stays empty: on PostgreSQL the store's poller shares this database and would ask the
// simulator about a number it never sold.
const ASSIGN_NUMBER = `UPDATE activations SET status = 'waiting_sms', provider = 'simulator', upstream_id = $2,
  phone_number = $3, assigned_at = now(), expires_at = now() + interval '20 minutes', updated_at = now()
  WHERE id = $1 RETURNING public_id, created_at, expires_at`;
const DECREMENT_STOCK = 'UPDATE products SET stock = stock - 1 WHERE id = $1 AND stock > 0';

async function readJson(req) {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

/** `caller` reads the session as the other routes do; `db` has query() and transaction(work). */
export function purchaseRoute(db, caller, json) {
  return async (req, res) => {
    const u = await caller(req);
    if (!u) return json(res, 401, { detail: 'unauthorized' });
    const key = req.headers['idempotency-key'];
    const body = await readJson(req);
    if (!key || !Number.isInteger(body.product_id)) return json(res, 422, { detail: 'invalid' });
    const currency = body.currency === 'USD' ? 'USD' : 'BRL';
    const [p] = await db.query('product', PRODUCT_SQL, [body.product_id]);
    if (!p) return json(res, 404, { detail: 'not found' });
    if (p.stock <= 0) return json(res, 409, { detail: 'out of stock' });
    const price = Number(currency === 'BRL' ? p.price_brl : p.price_usd);
    const id = randomUUID();
    const phone = `55${randomInt(10, 99)}9${String(randomInt(0, 1e8)).padStart(8, '0')}`;
    const row = await db.transaction(async (q) => {
      const [inserted] = await q('insert-activation', INSERT_ACTIVATION, [
        id,
        u.id,
        p.id,
        p.service_code,
        p.country_code,
        currency,
        price,
        key,
      ]);
      if (!inserted) return null;
      const [t] = await q('insert-transfer', INSERT_TRANSFER, [
        `activation:${id}:purchase`,
        currency,
        price,
        u.id,
        `${p.service_name} (${p.country_code})`,
        `activation:${id}`,
      ]);
      const [wallet] = await q('debit-wallet', DEBIT_WALLET, [price, u.id, currency]);
      const [escrow] = await q('credit-escrow', CREDIT_ESCROW, [price, currency]);
      await q('insert-entries', INSERT_ENTRIES, [
        t.id,
        wallet.id,
        -price,
        wallet.balance,
        escrow.id,
        price,
        escrow.balance,
      ]);
      await q('insert-request', INSERT_REQUEST, [id]);
      const [assigned] = await q('assign-number', ASSIGN_NUMBER, [id, `ceiling-${id}`, phone]);
      await q('decrement-stock', DECREMENT_STOCK, [p.id]);
      return assigned;
    });
    if (!row) return json(res, 409, { detail: 'idempotency key used' });
    json(res, 201, {
      id,
      public_id: Number(row.public_id),
      status: 'waiting_sms',
      service_code: p.service_code,
      country_code: p.country_code,
      phone_number: phone,
      price,
      currency,
      created_at: new Date(row.created_at).toISOString(),
      expires_at: new Date(row.expires_at).toISOString(),
    });
  };
}
