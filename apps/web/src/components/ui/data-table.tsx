import { type ReactNode, useSyncExternalStore } from 'react';
import { cn } from './cn.ts';
import { Table, Td, Th } from './table.tsx';

/** `data-*` attributes (test ids, states) put on a row or a cell, the same in both forms. */
export type DataAttributes = { [key: `data-${string}`]: string | number | boolean | undefined };

export interface Column<T> {
  /** The column's heading; on a card, the label beside the value. */
  header: ReactNode;
  /** The value; `form` lets a cell differ on a card (nothing there leaves the line out). */
  cell: (row: T, form: 'table' | 'card') => ReactNode;
  /** Money and counts: right-aligned with tabular figures. */
  numeric?: boolean;
  /** Classes of the table cell only (a card lays its values out itself). */
  className?: string;
  cellProps?: (row: T) => DataAttributes;
  /**
   * Where the column sits on a card: `title` heads the card (no label), `badge` beside the title,
   * `field` a labelled line (the default), `wide` a label above a long value (a list, a text),
   * `actions` at the card's foot, `none` left out.
   */
  card?: 'title' | 'badge' | 'field' | 'wide' | 'actions' | 'none';
  /** The heading is read to screen readers only (an actions column, say). */
  srOnlyHeader?: boolean;
}

const WIDE_QUERIES = {
  md: '(min-width: 768px)',
  lg: '(min-width: 1024px)',
  /** For staff lists too wide for a laptop once real data is in: cards up to large monitors. */
  '2xl': '(min-width: 1536px)',
} as const;

/** Whether the screen is at least `breakpoint` wide; without matchMedia (tests in jsdom) it is. */
function useWide(breakpoint: keyof typeof WIDE_QUERIES): boolean {
  const query = WIDE_QUERIES[breakpoint];
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia !== 'function' || window.matchMedia(query).matches,
    () => true,
  );
}

/**
 * A list of records: a table from `wideFrom` up, and below it one labelled card per row, so a phone
 * shows every value (amounts included) without sideways scrolling. Only one form is in the page at a
 * time, so rows and cells keep the same test ids in both.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  rowProps,
  wideFrom = 'md',
  flush = false,
  testId,
  bodyTestId,
}: {
  /** The table's (or card list's) accessible name. */
  label: string;
  columns: readonly (Column<T> | false)[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  rowProps?: (row: T) => DataAttributes & { className?: string };
  wideFrom?: keyof typeof WIDE_QUERIES;
  /** Inside a card already: rows divided by lines rather than boxed. */
  flush?: boolean;
  /** On the table, or on the card list. */
  testId?: string;
  /** On the table's body, or on the card list (when `testId` is not given). */
  bodyTestId?: string;
}) {
  const wide = useWide(wideFrom);
  const shown = columns.filter((c): c is Column<T> => c !== false);
  if (wide)
    return (
      <Table label={label} data-testid={testId}>
        <thead>
          <tr>
            {shown.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a screen
              <Th key={i} numeric={c.numeric} className={c.srOnlyHeader ? 'relative' : undefined}>
                {c.srOnlyHeader ? <span className="sr-only">{c.header}</span> : c.header}
              </Th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100" data-testid={bodyTestId}>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              {shown.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a screen
                <Td key={i} numeric={c.numeric} className={c.className} {...c.cellProps?.(row)}>
                  {c.cell(row, 'table')}
                </Td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    );
  return (
    <ul
      aria-label={label}
      className={flush ? 'flex flex-col divide-y divide-slate-100' : 'flex flex-col gap-3'}
      data-testid={testId ?? bodyTestId}
    >
      {rows.map((row) => (
        <DataCard key={rowKey(row)} row={row} columns={shown} rowProps={rowProps} flush={flush} />
      ))}
    </ul>
  );
}

function DataCard<T>({
  row,
  columns,
  rowProps,
  flush,
}: {
  row: T;
  columns: Column<T>[];
  flush: boolean;
  rowProps?: (row: T) => DataAttributes & { className?: string };
}) {
  const { className, ...attributes } = rowProps?.(row) ?? {};
  const values = new Map(columns.map((c) => [c, c.cell(row, 'card')]));
  const placed = (where: NonNullable<Column<T>['card']>) =>
    columns.filter((c) => (c.card ?? 'field') === where && values.get(c) != null && values.get(c) !== false);
  const heading = [...placed('title'), ...placed('badge')];
  const fields = columns.filter((c) => placed('field').includes(c) || placed('wide').includes(c));
  const actions = placed('actions');
  return (
    <li
      className={cn(
        'min-w-0 text-sm',
        flush ? 'py-3' : 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm',
        className,
      )}
      {...attributes}
    >
      {heading.length > 0 && (
        <div className="mb-2 flex items-start justify-between gap-3">
          {heading.map((c, i) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a screen
              key={i}
              className={c.card === 'title' ? 'min-w-0 font-semibold break-words text-slate-900' : 'shrink-0'}
              {...c.cellProps?.(row)}
            >
              {values.get(c)}
            </div>
          ))}
        </div>
      )}
      {fields.length > 0 && (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
          {fields.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a screen
            <div key={i} className="contents">
              <dt className={cn('text-slate-500', c.card === 'wide' && 'col-span-2')}>{c.header}</dt>
              <dd
                className={cn(
                  'min-w-0 break-words text-slate-800',
                  c.card === 'wide' ? 'col-span-2' : 'text-right',
                  c.numeric && 'tabular-nums',
                )}
                {...c.cellProps?.(row)}
              >
                {values.get(c)}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {actions.length > 0 && (
        <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
          {actions.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a screen
            <div key={i} className="contents" {...c.cellProps?.(row)}>
              {values.get(c)}
            </div>
          ))}
        </div>
      )}
    </li>
  );
}
