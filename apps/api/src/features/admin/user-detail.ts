import type { AdminUserDetail } from '@numero/contract/admin-user-detail';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import type { Lang } from '../../http/lang.ts';
import type { ApiKeysService } from '../account/api-keys.service.ts';
import { localiseDescription } from '../wallet/wallet.service.ts';
import type { AdminRepository } from './admin.repository.ts';
import { toAdminUser } from './admin-users.service.ts';
import type { UserDetailRepository } from './user-detail.repository.ts';

const LATEST = 20;

/** One customer as support sees them, and the one write support needs beside it: revoking an API key. */
export function createUserDetail(deps: {
  repository: Pick<AdminRepository, 'findUser'>;
  detail: UserDetailRepository;
  apiKeys: Pick<ApiKeysService, 'revokeOf'>;
  now: () => Date;
}) {
  const { repository, detail, apiKeys, now } = deps;

  async function userOrThrow(id: string) {
    const row = await repository.findUser(id);
    if (!row) throw new AppError('USER_NOT_FOUND', 404);
    return row;
  }

  return {
    /** Transactions are described in the reader's language, as the customer reads them. */
    async get(id: string, lang: Lang): Promise<AdminUserDetail> {
      const row = await userOrThrow(id);
      const [balances, orders, transactions, sessions, api_keys, audit] = await Promise.all([
        detail.balances(id),
        detail.orders(id, LATEST),
        detail.transactions(id, LATEST),
        detail.sessions(id, now()),
        detail.apiKeys(id),
        detail.audit(id, row.email, LATEST),
      ]);
      return {
        user: toAdminUser(row),
        balances,
        orders,
        transactions: transactions.map((x) => ({
          ...x,
          description: localiseDescription(x.description, lang),
        })),
        sessions,
        api_keys,
        audit,
      };
    },

    async revokeApiKey(actor: Actor, userId: string, keyId: string): Promise<void> {
      await userOrThrow(userId);
      await apiKeys.revokeOf(actor, userId, keyId);
    },
  };
}
export type UserDetail = ReturnType<typeof createUserDetail>;
