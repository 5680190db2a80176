import type { ReactNode } from 'react';
import { EmptyState } from './card';

/** One column: its header, how a row fills its cell, and how the cell looks. */
export type Column<T> = {
  id: string;
  header: ReactNode;
  /** The header is read by screen readers only (an actions column). */
  hiddenHeader?: boolean;
  cell: (row: T, index: number) => ReactNode;
  /** The cell names its row: a `<th scope="row">`, which gives the row its accessible name (its weight goes in className). */
  rowHeader?: boolean;
  align?: 'right';
  /** Classes added to this column's cells (font-mono, whitespace-nowrap, a colour that depends on the row...). */
  className?: string | ((row: T) => string);
  /** Attributes of the cell itself (a title, a test id). */
  cellProps?: (row: T) => { title?: string; 'data-testid'?: string };
};

/**
 * The looks the tables use: `list` (the dashboard's lists), `compact` (tables inside a card beside other content),
 * `dense` (small tables inside a detail) and `boxed` (a table that is the page's content, in its own frame).
 */
const LOOKS = {
  list: { head: 'border-b border-slate-200 text-slate-700', th: 'py-2 pr-4', thLast: 'py-2', row: 'border-b border-slate-100 last:border-0' },
  compact: { head: 'border-b border-slate-200 text-slate-600', th: 'py-1 pr-3', thLast: 'py-1', row: 'border-b border-slate-100 last:border-0' },
  dense: { head: 'text-slate-600', th: 'py-1 pr-2', thLast: 'py-1', row: 'border-t border-slate-100' },
  boxed: { head: 'bg-slate-50 text-slate-700', th: 'px-3 py-2', thLast: 'px-3 py-2', row: 'border-t border-slate-100' },
} as const;

export type TableLook = keyof typeof LOOKS;

const join = (...classes: Array<string | false | undefined>) => classes.filter(Boolean).join(' ');

/**
 * The one table of the dashboard: a caption (or aria-label) that names it, column headers with `scope="col"`, row
 * headers where a column names the row, the empty state when there are no rows, and a frame that scrolls sideways on
 * narrow screens. `body` replaces the generated rows where a row keeps state across its cells (a team member).
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  caption,
  label,
  look = 'list',
  empty,
  className,
  frameClassName,
  headClassName,
  rowClassName,
  rowTestId,
  footer,
  body,
  testId,
  small = false,
  alignTop = false,
}: {
  columns: Array<Column<T>>;
  rows: readonly T[];
  rowKey: (row: T, index: number) => string | number;
  /** A screen-reader caption; or `label`, an aria-label. */
  caption?: string;
  label?: string;
  look?: TableLook;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  /** Classes added to the table (a minimum width, text-xs). */
  className?: string;
  /** Classes added to the scrolling frame (a margin, a maximum height, a border). */
  frameClassName?: string;
  headClassName?: string;
  /** Replaces the look's row classes. */
  rowClassName?: string;
  rowTestId?: (row: T) => string;
  footer?: ReactNode;
  body?: ReactNode;
  testId?: string;
  /** Extra-small text (a table inside a detail). */
  small?: boolean;
  /** Cells start at the top of their row (rows whose cells hold several lines). */
  alignTop?: boolean;
}) {
  if (empty !== undefined && rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  const l = LOOKS[look];
  const last = columns.length - 1;
  const pad = (i: number) => (i === last ? l.thLast : l.th);
  // With a footer the last row keeps its border: it separates the rows from the footer.
  const row = rowClassName ?? join(footer ? l.row.replace(' last:border-0', '') : l.row, alignTop && 'align-top');
  return (
    <div className={join('overflow-x-auto', frameClassName)}>
      <table className={join('w-full text-left', small ? 'text-xs' : 'text-sm', className)} aria-label={label} data-testid={testId}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className={join(l.head, headClassName)}>
          <tr>
            {columns.map((c, i) => (
              <th key={c.id} scope="col" className={join(pad(i), 'font-medium', c.align === 'right' && 'text-right')}>
                {c.hiddenHeader ? <span className="sr-only">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {body ??
            rows.map((r, n) => (
              <tr key={rowKey(r, n)} className={row} data-testid={rowTestId?.(r)}>
                {columns.map((c, i) => {
                  const Cell = c.rowHeader ? 'th' : 'td';
                  const extra = typeof c.className === 'function' ? c.className(r) : c.className;
                  return (
                    <Cell
                      key={c.id}
                      scope={c.rowHeader ? 'row' : undefined}
                      className={join(pad(i), c.align === 'right' && 'text-right', extra)}
                      {...c.cellProps?.(r)}
                    >
                      {c.cell(r, n)}
                    </Cell>
                  );
                })}
              </tr>
            ))}
        </tbody>
        {footer && <tfoot>{footer}</tfoot>}
      </table>
    </div>
  );
}
