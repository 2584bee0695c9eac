import { randomUUID } from 'node:crypto';
import {
  ACTIVATION_TTL_MS,
  type ActivationDetail,
  type Activation as ActivationDto,
  type ActivationsPage,
  type ActivationsQuery,
  type ActivationsSummary,
} from '@numero/contract/activations';
import type { Currency } from '@numero/contract/common';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { type RateLimiter, type RateLimitRule, rateLimited } from '../../http/rate-limit.ts';
import { forEachLimited } from '../../lib/for-each-limited.ts';
import { providerByName, requestNumberWithFailover } from '../../providers/numbers/failover.ts';
import {
  type NumberProvider,
  UpstreamError,
  type UpstreamStatus,
} from '../../providers/numbers/number-provider.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { flows, type LedgerService } from '../ledger/ledger.service.ts';
import {
  type ActivationChanges,
  type ActivationRow,
  type ActivationsRepository,
  type ActivationView,
  activationLabel,
  type ClaimedCheck,
} from './activations.repository.ts';
import './activations.messages.ts';

/** How often an activation waiting for its SMS is checked upstream (the code must show within ~3 s). */
const CHECK_EVERY_MS = 1_000;
/** After a failed check (timeout, outage), wait a little longer before asking again. */
const CHECK_BACKOFF_MS = 5_000;
/** A purchase still pending after this long lost its request (a crash, a restart): it is refunded. */
export const STALE_PENDING_MS = 60_000;
const BATCH = 50;
const UPSTREAM_CONCURRENCY = 8;
const DEFAULT_PURCHASE_LIMIT: RateLimitRule = { limit: 10, windowMs: 60_000 };

export interface ActivationsDeps {
  db: Db;
  repository: ActivationsRepository;
  ledger: Pick<LedgerService, 'transfer'>;
  catalog: Pick<CatalogService, 'findProduct' | 'decrementStock'>;
  /** Upstream sellers in failover order. */
  providers: readonly NumberProvider[];
  now: () => Date;
  /** Per-user limit on new purchases; none when absent. */
  rateLimiter?: RateLimiter;
  purchaseLimit?: RateLimitRule;
  /** How long a claimed check may take before another worker may claim it again. */
  upstreamTimeoutMs?: number;
  log?: { warn(obj: object, msg: string): void };
  /** Records what staff do to customers' activations, in the same transaction as the change. */
  audit?: Pick<AuditService, 'record'>;
}

export interface PurchaseInput {
  userId: string;
  productId: number;
  currency: Currency;
  idempotencyKey: string;
}

type RefundStatus = 'cancelled' | 'expired' | 'failed';

const reference = (id: string) => `activation:${id}`;

export function createActivationsService(deps: ActivationsDeps) {
  const { db, repository, ledger, catalog, providers, now } = deps;
  const purchaseLimit = deps.purchaseLimit ?? DEFAULT_PURCHASE_LIMIT;
  // A claimed check is not handed to another worker while the provider may still be answering it.
  const checkLeaseMs = 2 * (deps.upstreamTimeoutMs ?? 10_000) + 5_000;
  const later = (at: Date, ms: number) => new Date(at.getTime() + ms);

  const warn = (err: unknown, msg: string, extra: object = {}) =>
    deps.log?.warn({ ...extra, err: err instanceof Error ? err.message : String(err) }, msg);

  /** Calls upstream when nothing depends on the answer (an expired number, a finished one). */
  async function bestEffort(what: string, row: Pick<ActivationRow, 'id'>, call: () => Promise<void>) {
    try {
      await call();
    } catch (err) {
      warn(err, `upstream ${what} failed`, { activation: row.id });
    }
  }

  function upstreamOf(row: Pick<ActivationRow, 'provider'>): NumberProvider {
    return providerByName(providers, row.provider ?? '');
  }

  // ---- settlement: only ever on a row locked FOR UPDATE in the caller's transaction ----

  function assertUnsettled(row: ActivationRow) {
    if (row.settled !== null) throw new Error(`activation ${row.id} is already ${row.settled}`);
  }

  async function refund(
    tx: Tx,
    row: ActivationRow,
    status: RefundStatus,
    at: Date,
    extra: ActivationChanges = {},
  ) {
    assertUnsettled(row);
    await ledger.transfer(tx, {
      idempotencyKey: `activation:${row.id}:refund`,
      kind: 'refund',
      currency: row.currency,
      userId: row.userId,
      description: await repository.describe(row, tx),
      reference: reference(row.id),
      legs: flows.refund(row.userId, row.price),
    });
    await repository.update(
      row.id,
      { ...extra, status, settled: 'refunded', settledAt: at, nextCheckAt: null, updatedAt: at },
      tx,
    );
  }

  async function capture(tx: Tx, row: ActivationRow, sms: { code: string; text: string }, at: Date) {
    assertUnsettled(row);
    await ledger.transfer(tx, {
      idempotencyKey: `activation:${row.id}:capture`,
      kind: 'capture',
      currency: row.currency,
      userId: row.userId,
      description: await repository.describe(row, tx),
      reference: reference(row.id),
      legs: flows.capture(row.price),
    });
    await repository.update(
      row.id,
      {
        status: 'code_received',
        code: sms.code,
        smsText: sms.text,
        settled: 'captured',
        settledAt: at,
        nextCheckAt: null,
        updatedAt: at,
      },
      tx,
    );
  }

  // ---- reading ----

  function toDto(v: ActivationView, at: Date): ActivationDto {
    const a = v.activation;
    const expiresAt = a.expiresAt ? new Date(a.expiresAt) : null;
    const open = expiresAt !== null && at < expiresAt;
    const awaitingResend = a.status === 'code_received' && a.nextCheckAt !== null;
    return {
      id: a.id,
      product_id: a.productId,
      service_code: a.serviceCode,
      service_name: v.serviceName,
      service_icon: v.serviceIcon,
      country_code: a.countryCode,
      country_name_pt: v.countryNamePt,
      country_name_en: v.countryNameEn,
      flag: v.flag,
      currency: a.currency,
      price: a.price,
      status: a.status,
      phone_number: a.phoneNumber,
      code: a.code,
      sms_text: a.smsText,
      resend_count: a.resendCount,
      awaiting_sms: a.status === 'waiting_sms' || awaitingResend,
      settled: a.settled,
      expires_at: expiresAt?.toISOString() ?? null,
      remaining_seconds:
        expiresAt === null ? null : Math.max(0, Math.ceil((expiresAt.getTime() - at.getTime()) / 1000)),
      can_cancel: a.status === 'waiting_sms',
      can_resend: a.status === 'code_received' && !awaitingResend && open,
      can_finish: a.status === 'code_received',
      created_at: new Date(a.createdAt).toISOString(),
      updated_at: new Date(a.updatedAt).toISOString(),
    };
  }

  async function getDetail(userId: string, id: string): Promise<ActivationDetail> {
    const view = await repository.findOwnedView(userId, id);
    if (!view) throw new AppError('ACTIVATION_NOT_FOUND', 404);
    const messages = await repository.listDeliveredMessages(id);
    return {
      ...toDto(view, now()),
      messages: messages.map((m) => ({
        text: m.text,
        code: m.code,
        received_at: new Date(m.receivedAt).toISOString(),
      })),
    };
  }

  async function findOwnedOrThrow(userId: string, id: string) {
    const row = await repository.findOwned(userId, id);
    if (!row) throw new AppError('ACTIVATION_NOT_FOUND', 404);
    return row;
  }

  // ---- purchase ----

  function purchaseFailure(code: string | null): AppError {
    return code === 'NO_NUMBERS' || code === 'BAD_SERVICE'
      ? new AppError('NO_NUMBERS', 409)
      : new AppError('UPSTREAM_UNAVAILABLE', 503);
  }

  /** A retried request with a key seen before: the same activation, or the same refusal, never a new charge. */
  async function replay(existing: ActivationRow, input: PurchaseInput) {
    if (existing.productId !== input.productId || existing.currency !== input.currency)
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 409);
    if (existing.status === 'failed') throw purchaseFailure(existing.failureCode);
    return { activation: await getDetail(input.userId, existing.id), created: false };
  }

  async function limitPurchases(userId: string) {
    if (!deps.rateLimiter) return;
    const hit = await deps.rateLimiter.hit(`activations:purchase:${userId}`, purchaseLimit);
    if (hit.count > purchaseLimit.limit) throw rateLimited(hit.resetAt, now(), 'PURCHASE_RATE_LIMITED');
  }

  async function failPurchase(id: string, failureCode: string) {
    await db.transaction(async (tx) => {
      const row = await repository.lock(id, tx);
      // The crash sweeper may have refunded it already while upstream was slow.
      if (row?.status === 'pending') await refund(tx, row, 'failed', now(), { failureCode });
    });
  }

  async function purchase(input: PurchaseInput): Promise<{ activation: ActivationDetail; created: boolean }> {
    const { userId, currency, idempotencyKey } = input;
    const existing = await repository.findByKey(userId, idempotencyKey);
    if (existing) return replay(existing, input);
    await limitPurchases(userId);

    const product = await catalog.findProduct(input.productId);
    if (!product) throw new AppError('PRODUCT_NOT_FOUND', 404);
    if (!product.onSale) throw new AppError('PRODUCT_UNAVAILABLE', 422);
    if (product.stock <= 0) throw new AppError('OUT_OF_STOCK', 409);
    const price = currency === 'BRL' ? product.priceBrl : product.priceUsd;

    const id = randomUUID();
    const createdAt = now();
    // One transaction: the money leaves the wallet if and only if the activation exists.
    const created = await db.transaction(async (tx) => {
      const row = await repository.insertPending(
        {
          id,
          userId,
          productId: product.id,
          serviceCode: product.serviceCode,
          countryCode: product.countryCode,
          currency,
          price,
          status: 'pending',
          idempotencyKey,
          createdAt,
          updatedAt: createdAt,
        },
        tx,
      );
      if (!row) return null;
      await ledger.transfer(tx, {
        idempotencyKey: `activation:${id}:purchase`,
        kind: 'purchase',
        currency,
        userId,
        description: activationLabel(product.serviceName, product.countryCode),
        reference: reference(id),
        legs: flows.purchase(userId, price),
      });
      return row;
    });
    if (!created) {
      // The same key raced in from a concurrent request, which won: answer with its activation.
      const winner = await repository.findByKey(userId, idempotencyKey);
      if (!winner) throw new AppError('ACTIVATION_PENDING', 409);
      return replay(winner, input);
    }

    // Outside any transaction: upstream may take seconds, and no lock or connection waits for it.
    let served: Awaited<ReturnType<typeof requestNumberWithFailover>>;
    try {
      served = await requestNumberWithFailover(
        providers,
        { service: product.serviceCode, country: product.countryCode, orderId: id },
        (provider, err) => warn(err, 'number provider failed, trying the next', { provider }),
      );
    } catch (err) {
      const code = err instanceof UpstreamError ? err.code : 'UNAVAILABLE';
      if (!(err instanceof UpstreamError))
        warn(err, 'number request failed unexpectedly', { activation: id });
      await failPurchase(id, code);
      throw purchaseFailure(code);
    }

    const assigned = await db.transaction(async (tx) => {
      const row = await repository.lock(id, tx);
      if (row?.status !== 'pending') return false;
      const at = now();
      await repository.update(
        id,
        {
          status: 'waiting_sms',
          provider: served.provider,
          upstreamId: served.upstreamId,
          phoneNumber: served.phoneNumber,
          assignedAt: at,
          expiresAt: later(at, ACTIVATION_TTL_MS),
          nextCheckAt: later(at, CHECK_EVERY_MS),
          updatedAt: at,
        },
        tx,
      );
      await catalog.decrementStock(product.id, tx);
      return true;
    });
    if (!assigned) {
      // Refunded by the sweeper while upstream was answering: give the number back.
      const provider = providerByName(providers, served.provider);
      await bestEffort('cancel', { id }, () => provider.cancel(served.upstreamId));
      throw purchaseFailure('INTERRUPTED');
    }
    return { activation: await getDetail(userId, id), created: true };
  }

  // ---- customer actions ----

  /** Why this activation cannot be cancelled, or null when it can. */
  function cancelRefusal(row: ActivationRow): AppError | null {
    switch (row.status) {
      case 'waiting_sms':
        return null;
      case 'pending':
        return new AppError('ACTIVATION_PENDING', 409);
      case 'code_received':
      case 'finished':
        return new AppError('CODE_ALREADY_RECEIVED', 409);
      default:
        return new AppError('ACTIVATION_CLOSED', 409);
    }
  }

  /**
   * Gives the number back upstream before a refund. For the customer any refusal stops the refund (they
   * can try again); staff refund anyway and only log it, except when the code already arrived: then the
   * price is the seller's and nobody may refund it.
   */
  async function releaseUpstream(row: ActivationRow, mode: 'customer' | 'staff') {
    try {
      await upstreamOf(row).cancel(row.upstreamId!);
    } catch (err) {
      if (err instanceof UpstreamError && err.code === 'ALREADY_HAS_SMS') {
        await checkOne({
          id: row.id,
          provider: row.provider!,
          upstream_id: row.upstreamId!,
          resend_count: row.resendCount,
        });
        throw new AppError('CODE_ALREADY_RECEIVED', 409);
      }
      if (mode === 'staff') {
        warn(err, 'upstream cancel failed; refunding on staff request', { activation: row.id });
        return;
      }
      if (!(err instanceof UpstreamError)) throw err;
      if (err.code === 'EARLY_CANCEL_DENIED') throw new AppError('EARLY_CANCEL_DENIED', 409);
      // NOT_FOUND: upstream no longer holds the number, so there is nothing left to cancel there.
      if (err.code !== 'NOT_FOUND') throw new AppError('UPSTREAM_RETRY', 503);
    }
  }

  async function cancel(userId: string, id: string): Promise<ActivationDetail> {
    const row = await findOwnedOrThrow(userId, id);
    const refusal = cancelRefusal(row);
    if (refusal) throw refusal;
    await releaseUpstream(row, 'customer');
    await db.transaction(async (tx) => {
      const locked = await repository.lock(id, tx);
      if (!locked) throw new AppError('ACTIVATION_NOT_FOUND', 404);
      // The code may have arrived, or the number expired, while upstream was answering.
      const late = cancelRefusal(locked);
      if (late) throw late;
      await refund(tx, locked, 'cancelled', now());
    });
    return getDetail(userId, id);
  }

  async function resend(userId: string, id: string): Promise<ActivationDetail> {
    const row = await findOwnedOrThrow(userId, id);
    if (row.status !== 'code_received' || !row.expiresAt || now() >= new Date(row.expiresAt))
      throw new AppError('RESEND_NOT_ALLOWED', 409);
    if (row.nextCheckAt !== null) throw new AppError('RESEND_IN_PROGRESS', 409);
    try {
      await upstreamOf(row).requestAnotherSms(row.upstreamId!);
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err;
      throw new AppError(
        err.code === 'NOT_FOUND' ? 'RESEND_NOT_ALLOWED' : 'UPSTREAM_RETRY',
        err.code === 'NOT_FOUND' ? 409 : 503,
      );
    }
    await db.transaction(async (tx) => {
      const locked = await repository.lock(id, tx);
      if (locked?.status !== 'code_received') throw new AppError('RESEND_NOT_ALLOWED', 409);
      if (locked.nextCheckAt !== null || locked.resendCount !== row.resendCount)
        throw new AppError('RESEND_IN_PROGRESS', 409);
      const at = now();
      await repository.update(
        id,
        { resendCount: locked.resendCount + 1, nextCheckAt: later(at, CHECK_EVERY_MS), updatedAt: at },
        tx,
      );
    });
    return getDetail(userId, id);
  }

  /** code_received → finished; false when it was finished already (finishing twice changes nothing). */
  async function finishRow(row: ActivationRow, actor?: Actor): Promise<boolean> {
    if (row.status === 'finished') return false;
    if (row.status !== 'code_received') throw new AppError('FINISH_NOT_ALLOWED', 409);
    const changed = await db.transaction(async (tx) => {
      const locked = await repository.lock(row.id, tx);
      if (locked?.status === 'finished') return false;
      if (locked?.status !== 'code_received') throw new AppError('FINISH_NOT_ALLOWED', 409);
      const at = now();
      await repository.update(row.id, { status: 'finished', nextCheckAt: null, updatedAt: at }, tx);
      if (actor) await recordStaffAction(tx, actor, locked, 'finish', 'finished');
      return true;
    });
    // The money was captured with the code; telling upstream is a courtesy that must not block the customer.
    if (changed) await bestEffort('finish', row, () => upstreamOf(row).finish(row.upstreamId!));
    return changed;
  }

  async function finish(userId: string, id: string): Promise<ActivationDetail> {
    await finishRow(await findOwnedOrThrow(userId, id));
    return getDetail(userId, id);
  }

  // ---- staff actions on any customer's activation: the same settlement as the customer's own ----

  async function recordStaffAction(
    tx: Tx,
    actor: Actor,
    before: ActivationRow,
    operation: 'cancel' | 'finish',
    status: ActivationRow['status'],
  ) {
    await deps.audit?.record(
      {
        action: 'UPDATE',
        actor: { id: actor.id, email: actor.email },
        entityType: 'orders',
        entityId: before.id,
        ip: actor.ip ?? null,
        before: { status: before.status, settled: before.settled },
        after: {
          operation,
          status,
          settled: operation === 'cancel' ? 'refunded' : before.settled,
          ...(operation === 'cancel' ? { refunded: before.price, currency: before.currency } : {}),
          customer_id: before.userId,
        },
      },
      tx,
    );
  }

  /** Staff may also refund a purchase still waiting for its number (stuck upstream, say). */
  function staffCancelRefusal(row: ActivationRow): AppError | null {
    return row.status === 'pending' ? null : cancelRefusal(row);
  }

  /**
   * Cancels any customer's activation before its code and refunds the price to their wallet, exactly
   * once: the refund happens under the row lock and the ledger refuses a second settlement.
   */
  async function adminCancel(id: string, actor: Actor): Promise<void> {
    const row = await repository.findById(id);
    if (!row) throw new AppError('ACTIVATION_NOT_FOUND', 404);
    const refusal = staffCancelRefusal(row);
    if (refusal) throw refusal;
    // A pending purchase holds no number yet: its own request sees the refund and gives the number back.
    if (row.status === 'waiting_sms') await releaseUpstream(row, 'staff');
    const numberArrived = await db.transaction(async (tx) => {
      const locked = await repository.lock(id, tx);
      if (!locked) throw new AppError('ACTIVATION_NOT_FOUND', 404);
      const late = staffCancelRefusal(locked);
      if (late) throw late;
      // The number was assigned between the read and the lock: it must be released upstream first.
      if (locked.status !== row.status) return true;
      const at = now();
      // 'cancelled' needs an upstream number; a purchase that never got one ends as 'failed'.
      const status = locked.status === 'pending' ? 'failed' : 'cancelled';
      await refund(tx, locked, status, at, status === 'failed' ? { failureCode: 'CANCELLED_BY_STAFF' } : {});
      await recordStaffAction(tx, actor, locked, 'cancel', status);
      return false;
    });
    // pending → waiting_sms happens once, so this second pass takes the path with a number.
    if (numberArrived) await adminCancel(id, actor);
  }

  /** Finishes any customer's activation that has its code (the price was captured when it arrived). */
  async function adminFinish(id: string, actor: Actor): Promise<void> {
    const row = await repository.findById(id);
    if (!row) throw new AppError('ACTIVATION_NOT_FOUND', 404);
    await finishRow(row, actor);
  }

  async function list(userId: string, query: ActivationsQuery): Promise<ActivationsPage> {
    const { items, total } = await repository.listOwned(userId, query);
    const at = now();
    return { items: items.map((v) => toDto(v, at)), total, skip: query.skip, limit: query.limit };
  }

  async function summary(userId: string): Promise<ActivationsSummary> {
    const [counts, recent] = await Promise.all([
      repository.countOwned(userId),
      repository.listOwned(userId, { skip: 0, limit: 5 }),
    ]);
    const at = now();
    return {
      active_count: counts.active,
      total_count: counts.total,
      recent: recent.items.map((v) => toDto(v, at)),
    };
  }

  // ---- background work ----

  /** Writes what upstream said about one activation, re-checking its state under the row lock. */
  async function applyCheck(
    tx: Tx,
    row: ActivationRow,
    attempt: number,
    status: UpstreamStatus | null,
    at: Date,
  ) {
    const awaiting =
      row.status === 'waiting_sms' || (row.status === 'code_received' && row.nextCheckAt !== null);
    const checkAgain = (ms: number) => repository.update(row.id, { nextCheckAt: later(at, ms) }, tx);
    if (status === null) {
      if (awaiting) await checkAgain(CHECK_BACKOFF_MS);
      return;
    }
    if (status.state === 'waiting') {
      if (awaiting) await checkAgain(CHECK_EVERY_MS);
      return;
    }
    if (status.state === 'code') {
      const sms = { activationId: row.id, attempt, text: status.text, code: status.code, receivedAt: at };
      // A resend was asked for after this check was claimed: the answer is about the previous SMS.
      if (row.resendCount !== attempt) {
        if (awaiting) await checkAgain(0);
        return;
      }
      if (row.status === 'waiting_sms') {
        await repository.insertMessage({ ...sms, delivered: true }, tx);
        await capture(tx, row, status, at);
        return;
      }
      if (awaiting) {
        // Some sellers keep showing the previous SMS until the new one arrives.
        if (status.code === row.code && status.text === row.smsText) {
          await checkAgain(CHECK_EVERY_MS);
          return;
        }
        await repository.insertMessage({ ...sms, delivered: true }, tx);
        await repository.update(
          row.id,
          { code: status.code, smsText: status.text, nextCheckAt: null, updatedAt: at },
          tx,
        );
        return;
      }
      // Too late: the price went back to the wallet, so the SMS is kept for the record but not shown.
      if (row.settled === 'refunded') await repository.insertMessage({ ...sms, delivered: false }, tx);
      return;
    }
    // Upstream ended the activation itself.
    if (row.status === 'waiting_sms') await refund(tx, row, 'cancelled', at);
    else if (awaiting) await repository.update(row.id, { nextCheckAt: null, updatedAt: at }, tx);
  }

  async function checkOne(claim: ClaimedCheck) {
    let status: UpstreamStatus | null = null;
    try {
      status = await providerByName(providers, claim.provider).getStatus(claim.upstream_id, {
        attempt: claim.resend_count,
      });
    } catch (err) {
      warn(err, 'upstream status check failed', { activation: claim.id });
    }
    await db.transaction(async (tx) => {
      const row = await repository.lock(claim.id, tx);
      if (row) await applyCheck(tx, row, claim.resend_count, status, now());
    });
  }

  /** Asks upstream about every activation whose check is due; returns how many were checked. */
  async function checkDue(): Promise<number> {
    const at = now();
    const claimed = await repository.claimDueChecks(at, later(at, checkLeaseMs), BATCH);
    await forEachLimited(claimed, UPSTREAM_CONCURRENCY, async (claim) => {
      try {
        await checkOne(claim);
      } catch (err) {
        // One bad row must not stop the batch; its lease runs out and it is checked again.
        warn(err, 'activation check failed', { activation: claim.id });
      }
    });
    return claimed.length;
  }

  /**
   * Ends activations past their 20 minutes: one still waiting is refunded and cancelled upstream, one
   * with a code is finished. Returns how many ended.
   */
  async function expireDue(): Promise<number> {
    const followUps: { row: ActivationRow; action: 'cancel' | 'finish' }[] = [];
    const count = await db.transaction(async (tx) => {
      const at = now();
      const rows = await repository.lockExpired(at, BATCH, tx);
      for (const row of rows) {
        if (row.status === 'waiting_sms') {
          await refund(tx, row, 'expired', at);
          followUps.push({ row, action: 'cancel' });
        } else {
          await repository.update(row.id, { status: 'finished', nextCheckAt: null, updatedAt: at }, tx);
          followUps.push({ row, action: 'finish' });
        }
      }
      return rows.length;
    });
    await forEachLimited(followUps, UPSTREAM_CONCURRENCY, ({ row, action }) =>
      bestEffort(action, row, () => upstreamOf(row)[action](row.upstreamId!)),
    );
    return count;
  }

  /** Refunds purchases whose request for a number never completed (the process stopped mid-way). */
  async function recoverStale(): Promise<number> {
    return db.transaction(async (tx) => {
      const at = now();
      const rows = await repository.lockStalePending(later(at, -STALE_PENDING_MS), BATCH, tx);
      for (const row of rows) await refund(tx, row, 'failed', at, { failureCode: 'INTERRUPTED' });
      return rows.length;
    });
  }

  return {
    purchase,
    get: getDetail,
    list,
    summary,
    cancel,
    resend,
    finish,
    adminCancel,
    adminFinish,
    checkDue,
    expireDue,
    recoverStale,
  };
}
export type ActivationsService = ReturnType<typeof createActivationsService>;
