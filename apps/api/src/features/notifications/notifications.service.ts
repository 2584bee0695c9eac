import type {
  NotificationKind,
  NotificationSettings,
  NotificationSettingsUpdate,
} from '@numero/contract/account-notifications';
import type { Executor } from '../../db/client.ts';
import type { AccountService } from '../account/account.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import { type MailLang, type MailParams, mailLanguage } from '../mail/mail.templates.ts';
import type { NotificationsRepository } from './notifications.repository.ts';

/** Whom a notice goes to: the account as it is when the notice is written. */
export interface Recipient {
  id: string;
  email: string;
  preferredLanguage: string;
  isActive: boolean;
}

/** What a notice says besides the link to turn it off, which the service adds. */
export type NoticeParams<K extends NotificationKind> = Omit<MailParams<K>, 'settingsUrl'>;

/** Money as the recipient reads it: R$ 25,00 in Portuguese, $25.00 or R$25.00 in English. */
export function formatAmount(cents: number, currency: string, lang: MailLang): string {
  return new Intl.NumberFormat(lang === 'pt' ? 'pt-BR' : 'en-US', { style: 'currency', currency }).format(
    cents / 100,
  );
}

/**
 * The e-mails a user may turn off on /profile. A notice is queued in the transaction of its cause, only
 * when the recipient wants it, in their language.
 */
export function createNotificationsService({
  repository,
  users,
  mail,
  publicUrl,
  now,
}: {
  repository: NotificationsRepository;
  users: Pick<AccountService, 'findById'>;
  mail: Pick<MailService, 'enqueue' | 'kick'>;
  publicUrl: string;
  now: () => Date;
}) {
  async function notify<K extends NotificationKind>(
    user: Recipient,
    kind: K,
    params: NoticeParams<K>,
    ex?: Executor,
  ): Promise<boolean> {
    if (!user.isActive) return false;
    const wanted = await repository.settings(user.id, ex);
    if (!wanted[kind]) return false;
    await mail.enqueue(
      {
        to: user.email,
        userId: user.id,
        lang: mailLanguage(user.preferredLanguage),
        template: kind,
        params: { ...params, settingsUrl: `${publicUrl}/profile` } as MailParams<K>,
      },
      ex,
    );
    return true;
  }

  return {
    settings: (userId: string) => repository.settings(userId),

    async updateSettings(userId: string, update: NotificationSettingsUpdate): Promise<NotificationSettings> {
      const next = { ...(await repository.settings(userId)), ...update };
      await repository.saveSettings(userId, next, now());
      return next;
    },

    notify,

    /** A notice about money that entered a wallet (a credited top-up, a refund), to the wallet's owner. */
    async notifyCredit(
      userId: string,
      kind: 'topup_credited' | 'activation_refunded',
      amount: { cents: number; currency: string },
      ex: Executor,
    ): Promise<void> {
      const user = await users.findById(userId, ex);
      if (!user) return;
      const formatted = formatAmount(amount.cents, amount.currency, mailLanguage(user.preferredLanguage));
      if (kind === 'topup_credited')
        await notify(user, kind, { amount: formatted, balanceUrl: `${publicUrl}/dashboard/balance` }, ex);
      else await notify(user, kind, { amount: formatted, ordersUrl: `${publicUrl}/dashboard/orders` }, ex);
    },

    /** Starts sending what was queued (call after the queuing transaction committed). */
    kick: () => mail.kick(),
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
