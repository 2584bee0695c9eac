import type {
  ActivationDetail,
  ActivationsPage,
  ActivationsQuery,
  ActivationsSummary,
} from '@numero/contract/activations';
import { AppError } from '../../http/errors.ts';
import { toActivationDto } from './activation-view.ts';
import type { ActivationsDeps } from './activations-deps.ts';

/** A customer's own activations: one with its messages, a page of them, the dashboard summary. */
export function createCustomerQueries(deps: Pick<ActivationsDeps, 'repository' | 'now'>) {
  const { repository, now } = deps;

  async function getDetail(userId: string, id: string): Promise<ActivationDetail> {
    const view = await repository.findOwnedView(userId, id);
    if (!view) throw new AppError('ACTIVATION_NOT_FOUND', 404);
    const messages = await repository.listDeliveredMessages(id);
    return {
      ...toActivationDto(view, now()),
      messages: messages.map((m) => ({
        text: m.text,
        code: m.code,
        received_at: new Date(m.receivedAt).toISOString(),
      })),
    };
  }

  async function list(userId: string, query: ActivationsQuery): Promise<ActivationsPage> {
    const { items, total } = await repository.listOwned(userId, query);
    const at = now();
    return { items: items.map((v) => toActivationDto(v, at)), total, skip: query.skip, limit: query.limit };
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
      recent: recent.items.map((v) => toActivationDto(v, at)),
    };
  }

  /** The same, found by the integer id the reseller protocol shows; not found when it is not theirs. */
  async function getByPublicId(userId: string, publicId: number): Promise<ActivationDetail> {
    const id = await repository.findIdByPublicId(userId, publicId);
    if (!id) throw new AppError('ACTIVATION_NOT_FOUND', 404);
    return getDetail(userId, id);
  }

  return { get: getDetail, getByPublicId, list, summary };
}
export type CustomerQueries = ReturnType<typeof createCustomerQueries>;
