import { IdempotencyKey } from '@numero/contract/activations';
import { UserIdParams } from '@numero/contract/admin';
import { WalletAdjustment, WalletAdjustmentBody } from '@numero/contract/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_ONLY } from '../../http/access.ts';
import { actorOf } from '../../http/actor.ts';
import { asStaffScope } from '../../http/staff-scope.ts';
import type { StaffAdjustments } from './staff-adjustments.ts';

// Loose: the validated object replaces request.headers, and every other header must survive it.
const AdjustmentHeaders = z.looseObject({
  'idempotency-key': IdempotencyKey.optional().describe(
    'Optional. Retrying with the same key never adjusts twice.',
  ),
});

/** Staff routes of the wallet: crediting or debiting a customer's balance, with a reason. */
export const walletAdminRoutes: FastifyPluginAsyncZod<{ adjustments: StaffAdjustments }> = async (
  app,
  { adjustments },
) => {
  asStaffScope(app);
  app.post(
    '/api/v1/admin/users/:id/wallet-adjustments',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags: ['admin: users'],
        description:
          "Credits (positive amount) or debits (negative) a customer's wallet; never below zero, audited with the reason.",
        params: UserIdParams,
        headers: AdjustmentHeaders,
        body: WalletAdjustmentBody,
        response: { 201: WalletAdjustment, 200: WalletAdjustment },
      },
    },
    async (request, reply) => {
      const result = await adjustments.adjust(
        request.params.id,
        request.body,
        actorOf(request),
        request.headers['idempotency-key'],
      );
      return reply.status(result.applied ? 201 : 200).send(result);
    },
  );
};
