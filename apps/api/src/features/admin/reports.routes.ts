import { ReportsQuery, ReportsResponse } from '@numero/contract/admin-reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAFF } from '../../http/access.ts';
import { asStaffScope } from '../../http/staff-scope.ts';
import type { Reports } from './reports.ts';

/** The reports screen's figures, for ADMIN and MANAGER. */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: Reports }> = async (app, { reports }) => {
  asStaffScope(app);
  app.get(
    '/api/v1/admin/reports',
    {
      config: { access: STAFF },
      schema: {
        tags: ['admin: reports'],
        description:
          'Revenue per day, week or month, top services and countries, success and refund rates, top-ups by method.',
        querystring: ReportsQuery,
        response: { 200: ReportsResponse },
      },
    },
    async (request) => reports.report(request.query),
  );
};
