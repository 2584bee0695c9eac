import { isStaffRole, type Role } from '@numero/contract/common';
import type { Executor } from '../../db/client.ts';
import { type MailLang, type MailParams, type MailTemplate, renderMail } from './mail.templates.ts';
import type { OutboxRepository, OutboxRow } from './outbox.repository.ts';
import type { MailTransport } from './smtp.transport.ts';

/** How long a sender holds a claimed message before another may retry it. */
export const MAIL_LEASE_MS = 2 * 60_000;
/** 30 s after the first failure, doubling, at most an hour apart: retried for as long as it takes. */
export function mailBackoffMs(attempts: number): number {
  return Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/** A link's one-time token (`#token=…`, `?code=…`) replaced by an ellipsis: the rest stays readable. */
function hideOneTimeLinks(text: string): string {
  return text.replace(/([#?&](?:token|code)=)[^\s&#]+/g, '$1…');
}

export interface MailRequest<T extends MailTemplate> {
  to: string;
  /** The recipient's account, when there is one (the demo outbox shows a customer their own). */
  userId: string | null;
  lang: MailLang;
  template: T;
  params: MailParams<T>;
}

export function createMailService({
  repository,
  transport,
  now,
  onSendError,
  sendSoon = false,
}: {
  repository: OutboxRepository;
  /** null: no SMTP configured, messages stay in the outbox table. */
  transport: MailTransport | null;
  now: () => Date;
  onSendError: (err: unknown, row: OutboxRow) => void;
  /** Try a queued message at once (after its transaction commits) instead of at the next task run. */
  sendSoon?: boolean;
}) {
  async function deliverDue(limit = 20): Promise<{ sent: number; failed: number }> {
    if (!transport) return { sent: 0, failed: 0 };
    const claimed = await repository.claimDue(now(), MAIL_LEASE_MS, limit);
    let sent = 0;
    let failed = 0;
    // No transaction is open here: a slow relay holds a lease on its rows, never a lock.
    for (const row of claimed) {
      try {
        await transport.deliver({
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
        });
        await repository.markSent(row.id, now());
        sent++;
      } catch (err) {
        failed++;
        onSendError(err, row);
        await repository.markFailed(
          row.id,
          new Date(now().getTime() + mailBackoffMs(row.attempts)),
          err instanceof Error ? err.message : String(err),
        );
      }
    }
    return { sent, failed };
  }

  let pending: Promise<unknown> = Promise.resolve();

  return {
    /**
     * Queues a message in the caller's transaction, so it exists exactly when its cause does. Nothing is
     * sent here; `deliverDue` (the background task, or `sendSoon`) does that.
     */
    async enqueue<T extends MailTemplate>(request: MailRequest<T>, ex?: Executor): Promise<void> {
      const rendered = renderMail(request.template, request.params, request.lang);
      await repository.insert(
        {
          userId: request.userId,
          toAddress: request.to,
          template: request.template,
          subject: rendered.subject,
          textBody: rendered.text,
          htmlBody: rendered.html,
          status: transport ? 'queued' : 'outbox',
          createdAt: now(),
        },
        ex,
      );
    },

    /** Starts a delivery pass without waiting for it (call after the queuing transaction committed). */
    kick(): void {
      if (!transport || !sendSoon) return;
      pending = pending.then(() => deliverDue()).catch(() => undefined);
    },

    deliverDue,

    /** Waits for a pass started by `kick` (shutdown and tests). */
    settled: () => pending,

    /**
     * The demo outbox as `viewer` may read it: a customer their own mail, staff everyone's, where the
     * one-time links (password reset, e-mail verification) of mail to anyone else are hidden.
     */
    async outboxFor(viewer: { id: string; role: Role }, limit: number): Promise<OutboxRow[]> {
      const rows = await repository.listRecent(limit, isStaffRole(viewer.role) ? undefined : viewer.id);
      return rows.map((r) => (r.userId === viewer.id ? r : { ...r, textBody: hideOneTimeLinks(r.textBody) }));
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;
