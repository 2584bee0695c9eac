import {
  confirmsAccount,
  type DeleteAccountRequest,
  type DeletionPreview,
  type PersonalDataExport,
} from '@numero/contract/account-privacy';
import { isStaffRole, type Role } from '@numero/contract/common';
import type { Db } from '../../db/client.ts';
import { AppError, registerMessages } from '../../http/errors.ts';
import type { Lang } from '../../http/lang.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { localiseDescription } from '../wallet/wallet.service.ts';
import type { PersonalDataRepository } from './personal-data.repository.ts';
import {
  auditWords,
  MONEY_UNITS,
  money,
  orderWords,
  rentalWords,
  topUpWords,
  transactionWords,
} from './personal-data-words.ts';

registerMessages({
  DELETE_CONFIRMATION_MISMATCH: {
    pt: 'Digite o email da sua conta para confirmar a exclusão.',
    en: 'Type your account email to confirm the deletion.',
  },
  STAFF_ACCOUNT_NOT_DELETABLE: {
    pt: 'Contas da equipe não podem ser excluídas pelo perfil. Peça a um administrador.',
    en: 'Staff accounts cannot be deleted from the profile. Ask an administrator.',
  },
});

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
/** Dates as ISO strings, so the file reads the same from PGlite and PostgreSQL. */
function plain(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, iso(v)]));
}

interface Actor {
  id: string;
  email: string;
  role: Role;
}

/** The LGPD rights on /profile: a copy of one's data, and the deletion of one's account. */
export function createPersonalData({
  db,
  repository,
  audit,
  now,
}: {
  db: Db;
  repository: PersonalDataRepository;
  audit: Pick<AuditService, 'record'>;
  now: () => Date;
}) {
  return {
    /**
     * The file keeps every field it always had (codes and cents) and adds, beside each, what a customer
     * reads: amounts as *_cents and *_formatted, and `what` / `status_text` in the caller's language.
     */
    async export(actor: Actor, ip: string, lang: Lang): Promise<PersonalDataExport> {
      const data = await repository.collect(actor.id);
      if (!data.profile) throw new AppError('USER_NOT_FOUND', 404);
      await audit.record({ action: 'DATA_EXPORT', actor, entityType: 'users', entityId: actor.id, ip });
      return {
        exported_at: now().toISOString(),
        units: { language: lang, money: MONEY_UNITS[lang] },
        profile: plain(data.profile),
        two_factor_enabled: data.twoFactor,
        wallets: data.wallets.map((w) => ({
          ...plain(w),
          balance: Number(w.balance),
          ...money('balance', w.balance, w.currency),
        })),
        transactions: data.transactions.map((x) => ({
          ...plain(x),
          what: transactionWords(x.kind, lang),
          description: localiseDescription(x.description, lang),
          ...money('amount', x.amount, x.currency),
        })),
        top_ups: data.topUps.map((x) => ({
          ...plain(x),
          status_text: topUpWords(x.status, lang),
          ...money('amount', x.amount, x.currency),
        })),
        orders: data.orders.map((x) => ({
          ...plain(x),
          status_text: orderWords(x.status, lang),
          ...money('price', x.price, x.currency),
        })),
        rentals: data.rentals.map((x) => ({
          ...plain(x),
          status_text: rentalWords(x.status, lang),
          ...money('price', x.price, x.currency),
        })),
        sms_received: data.sms.map(plain),
        api_keys: data.keys.map(plain),
        favourite_services: data.favourites.map(plain),
        sign_in_devices: data.devices.map(plain),
        audit: data.audit.map((x) => ({ ...plain(x), what: auditWords(x.action, lang) })),
      };
    },

    async preview(actor: Actor): Promise<DeletionPreview> {
      const data = await repository.collect(actor.id);
      return {
        balances: data.wallets.map((w) => ({ currency: w.currency, amount: Number(w.balance) })),
        open_orders: await repository.openOrders(actor.id),
      };
    },

    /**
     * Deletes the caller's account: every session ends at once, the email and name are gone, and the
     * ledger keeps its amounts under the anonymous id (so `ledger:verify` still balances).
     */
    async delete(actor: Actor, body: DeleteAccountRequest): Promise<void> {
      if (isStaffRole(actor.role)) throw new AppError('STAFF_ACCOUNT_NOT_DELETABLE', 403);
      if (!confirmsAccount(body, actor.email)) throw new AppError('DELETE_CONFIRMATION_MISMATCH', 422);
      await db.transaction(async (tx) => {
        const anonymous = await repository.erase(actor.id, actor.email, now(), tx);
        await audit.record(
          {
            action: 'ACCOUNT_DELETED',
            actor: { id: actor.id, email: anonymous },
            entityType: 'users',
            entityId: actor.id,
            ip: null,
          },
          tx,
        );
      });
    },
  };
}
export type PersonalData = ReturnType<typeof createPersonalData>;
