import { AdminOrdersFilter } from '@numero/contract/activations';
import { z } from 'zod';
import { keyedResolver } from '../../lib/keyed-resolver.ts';
import { EXPORT_COLUMNS, type ExportColumn } from './orders-export-csv.ts';

/** The export form as typed: a filter left on "Todos" is an empty string; the columns ticked. */
export interface ExportFields {
  search: string;
  status: string;
  payment: string;
  columns: ExportColumn[];
}

export const EXPORT_DEFAULTS: ExportFields = {
  search: '',
  status: '',
  payment: '',
  columns: [...EXPORT_COLUMNS],
};

/** What the download asks for: the filter of GET /admin/orders/export and the columns kept. */
export interface ExportChoice {
  filter: AdminOrdersFilter;
  columns: Set<ExportColumn>;
}

const chosen = <T extends z.ZodType<unknown, string | undefined>>(rule: T) =>
  z
    .string()
    .transform((v) => (v.trim() === '' ? undefined : v))
    .pipe(rule);

// The filters by the contract's AdminOrdersFilter (what the server checks); the columns are the page's
// own (the server always writes them all, the page keeps the ticked ones).
const exportSchema = z
  .object({
    search: chosen(AdminOrdersFilter.shape.search),
    status: chosen(AdminOrdersFilter.shape.status),
    payment: chosen(AdminOrdersFilter.shape.payment_status),
    columns: z.array(z.enum(EXPORT_COLUMNS)).min(1),
  })
  .transform(
    (f): ExportChoice => ({
      filter: { search: f.search, status: f.status, payment_status: f.payment },
      columns: new Set(f.columns),
    }),
  );

/** Keys (namespace `admin-orders-export`) of the form's messages. */
export const exportResolver = keyedResolver<ExportFields, ExportChoice>(exportSchema, {
  search: 'searchTooLong',
  columns: 'noColumns',
});
