import type { Role } from '@numero/contract/common';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.ts';
import type { TwoFactor } from './two-factor.ts';

/**
 * With REQUIRE_STAFF_2FA, a staff member signed in without a confirmed authenticator is refused every
 * staff-only route (403 TWO_FACTOR_ENROLMENT_REQUIRED) until they turn it on at /profile: a stolen
 * password alone never moves anyone's money. Customer routes, and /profile itself, stay open to them.
 */
export function registerStaffTwoFactorGate(
  app: FastifyInstance,
  twoFactor: Pick<TwoFactor, 'isRequired' | 'isEnabled'>,
): void {
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    const user = request.user;
    if (!user || !Array.isArray(access) || !twoFactor.isRequired(user.role)) return;
    if ((access as readonly Role[]).includes('CUSTOMER')) return;
    if (!(await twoFactor.isEnabled(user.id))) throw new AppError('TWO_FACTOR_ENROLMENT_REQUIRED', 403);
  });
}
