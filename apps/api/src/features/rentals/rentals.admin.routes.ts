import { RentableBody, RentalSettings, StaffRentalsPage, StaffRentalsQuery } from '@numero/contract/rentals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ADMIN_ONLY, STAFF } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { RentalRules } from './rental-rules.ts';
import type { RentalsRepository } from './rentals.repository.ts';
import type { RentalsService } from './rentals.service.ts';

const tags = ['admin'];

/** Staff: every rental (by user too, for the user detail page), and the rental rules (ADMIN). */
export const rentalsAdminRoutes: FastifyPluginAsyncZod<{
  db: Db;
  rentals: RentalsService;
  rules: RentalRules;
  repository: RentalsRepository;
  audit: Pick<AuditService, 'record'>;
  now: () => Date;
}> = async (app, { db, rentals, rules, repository, audit, now }) => {
  app.get(
    '/api/v1/admin/rentals',
    {
      config: { access: STAFF },
      schema: { tags, querystring: StaffRentalsQuery, response: { 200: StaffRentalsPage } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return rentals.listForStaff(request.query);
    },
  );

  app.get(
    '/api/v1/admin/rentals/settings',
    { config: { access: STAFF }, schema: { tags, response: { 200: RentalSettings } } },
    async () => rules.current(),
  );

  app.put(
    '/api/v1/admin/rentals/settings',
    {
      config: { access: ADMIN_ONLY },
      schema: { tags, body: RentalSettings, response: { 200: RentalSettings } },
    },
    async (request) => {
      const before = await rules.current();
      await db.transaction(async (tx) => {
        await rules.save(request.body, tx);
        await audit.record(
          {
            action: 'UPDATE_RENTAL_SETTINGS',
            actor: { id: request.user!.id, email: request.user!.email },
            entityType: 'settings',
            entityId: 'rentals',
            ip: request.ip,
            before,
            after: request.body,
          },
          tx,
        );
      });
      return rules.current();
    },
  );

  app.put(
    '/api/v1/admin/rentals/products/:id',
    {
      config: { access: ADMIN_ONLY },
      schema: { tags, params: z.object({ id: z.coerce.number().int().positive() }), body: RentableBody },
    },
    async (request, reply) => {
      const { id } = request.params;
      const before = await repository.rentableSetting(id);
      await db.transaction(async (tx) => {
        await repository.setRentable(id, request.body.rentable, now(), tx).catch(() => {
          throw new AppError('PRODUCT_NOT_FOUND', 404);
        });
        await audit.record(
          {
            action: 'UPDATE_RENTABLE',
            actor: { id: request.user!.id, email: request.user!.email },
            entityType: 'products',
            entityId: String(id),
            ip: request.ip,
            before: { rentable: before },
            after: request.body,
          },
          tx,
        );
      });
      return reply.status(204).send();
    },
  );
};
