import {
  AdminUser,
  AdminUserCreate,
  AdminUserCreated,
  AdminUserStats,
  AdminUsersList,
  AdminUsersQuery,
  AdminUserUpdate,
  AuditPage,
  AuditQuery,
  DashboardStats,
  OrderStats,
  ProductStats,
  RevenueStats,
  RoleUpdate,
  SessionsRevoked,
  TemporaryPasswordIssued,
  UserIdParams,
} from '@numero/contract/admin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { ADMIN_ONLY, STAFF } from '../../http/access.ts';
import { requestLanguage } from '../../http/lang.ts';
import type { AdminStatsService } from './admin-stats.service.ts';
import type { AdminUsersService } from './admin-users.service.ts';

const actorOf = (request: FastifyRequest) => ({ id: request.user!.id, email: request.user!.email });

/** Staff figures and personal data: never kept by the browser or a proxy. */
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

export const adminRoutes: FastifyPluginAsyncZod<{
  stats: AdminStatsService;
  adminUsers: AdminUsersService;
}> = async (app, { stats, adminUsers }) => {
  // JSON only (this plugin's scope): a text/plain body is refused with 415.
  app.removeContentTypeParser('text/plain');

  const tags = ['admin'];
  const staffGet = (url: string, response: ZodType, run: (request: FastifyRequest) => Promise<unknown>) =>
    app.get(
      url,
      { config: { access: STAFF }, schema: { tags, response: { 200: response } } },
      async (request, reply) => {
        noStore(reply);
        return run(request);
      },
    );

  staffGet('/api/v1/admin/dashboard/stats', DashboardStats, (request) => stats.dashboard(request.user!.role));
  staffGet('/api/v1/admin/products/stats', ProductStats, (request) =>
    stats.products(requestLanguage(request)),
  );
  staffGet('/api/v1/admin/orders/stats', OrderStats, () => stats.orders());
  staffGet('/api/v1/admin/revenue/stats', RevenueStats, () => stats.revenue());

  app.get(
    '/api/v1/admin/audit',
    {
      config: { access: STAFF },
      schema: { tags, querystring: AuditQuery, response: { 200: AuditPage } },
    },
    async (request, reply) => {
      noStore(reply);
      return stats.audit(request.query);
    },
  );

  app.get(
    '/api/v1/admin/users',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description: 'A JSON array of users; the total for pagination is in the X-Total-Count header.',
        querystring: AdminUsersQuery,
        response: { 200: AdminUsersList },
      },
    },
    async (request, reply) => {
      const page = await adminUsers.list(request.query);
      noStore(reply);
      reply.header('x-total-count', String(page.total));
      // Same-origin needs nothing, but a client on another allowed origin may read the total too.
      reply.header('access-control-expose-headers', 'X-Total-Count');
      return page.items;
    },
  );

  app.get(
    '/api/v1/admin/users/stats',
    {
      config: { access: ADMIN_ONLY },
      schema: { tags, response: { 200: AdminUserStats } },
    },
    async (_request, reply) => {
      noStore(reply);
      return adminUsers.stats();
    },
  );

  app.patch(
    '/api/v1/users/:id',
    {
      config: { access: ADMIN_ONLY },
      schema: { tags, params: UserIdParams, body: AdminUserUpdate, response: { 200: AdminUser } },
    },
    async (request) => adminUsers.update(actorOf(request), request.params.id, request.body, request.ip),
  );

  app.patch(
    '/api/v1/admin/users/:id/role',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description: 'The body is the role itself as a JSON string ("PREMIUM"), or {"role": "PREMIUM"}.',
        params: UserIdParams,
        body: RoleUpdate,
        response: { 200: AdminUser },
      },
    },
    async (request) => {
      const role = typeof request.body === 'string' ? request.body : request.body.role;
      return adminUsers.changeRole(actorOf(request), request.params.id, role, request.ip);
    },
  );

  app.post(
    '/api/v1/users/register',
    {
      config: { access: ADMIN_ONLY },
      schema: { tags, body: AdminUserCreate, response: { 201: AdminUserCreated } },
    },
    async (request, reply) => {
      const created = await adminUsers.create(actorOf(request), request.body, request.ip);
      // The temporary password is in this one response only.
      noStore(reply);
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/api/v1/admin/users/:id/sessions/revoke',
    {
      config: { access: ADMIN_ONLY },
      schema: { tags, params: UserIdParams, response: { 200: SessionsRevoked } },
    },
    async (request) => adminUsers.revokeSessions(actorOf(request), request.params.id, request.ip),
  );

  app.post(
    '/api/v1/admin/users/:id/temporary-password',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description:
          'Replaces the password with a generated one, shown once; ends the sessions; the user must change it.',
        params: UserIdParams,
        response: { 200: TemporaryPasswordIssued },
      },
    },
    async (request) => adminUsers.issueTemporaryPassword(actorOf(request), request.params.id, request.ip),
  );
};
