import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DataTable, type Column } from './data-table';

type Row = { id: string; name: string; amount: number };
const rows: Row[] = [
  { id: 'a', name: 'Alpha', amount: 1 },
  { id: 'b', name: 'Beta', amount: -2 },
];
const columns: Array<Column<Row>> = [
  { id: 'name', header: 'Name', rowHeader: true, className: 'font-medium', cell: (r) => r.name },
  { id: 'amount', header: 'Amount', align: 'right', className: (r) => (r.amount < 0 ? 'text-red-800' : 'text-green-800'), cell: (r) => r.amount },
  { id: 'actions', header: 'Actions', hiddenHeader: true, cell: (r) => `act-${r.id}` },
];
const html = (props: Partial<Parameters<typeof DataTable<Row>>[0]>) =>
  renderToStaticMarkup(createElement(DataTable<Row>, { columns, rows, rowKey: (r: Row) => r.id, ...props }));

describe('DataTable', () => {
  it('names the table, heads each column, and lets a column name its rows', () => {
    expect(html({ caption: 'Things, newest first', className: 'min-w-[40rem]' })).toBe(
      '<div class="overflow-x-auto"><table class="w-full text-left text-sm min-w-[40rem]"><caption class="sr-only">Things, newest first</caption>' +
        '<thead class="border-b border-slate-200 text-slate-700"><tr>' +
        '<th scope="col" class="py-2 pr-4 font-medium">Name</th>' +
        '<th scope="col" class="py-2 pr-4 font-medium text-right">Amount</th>' +
        '<th scope="col" class="py-2 font-medium"><span class="sr-only">Actions</span></th></tr></thead><tbody>' +
        '<tr class="border-b border-slate-100 last:border-0"><th scope="row" class="py-2 pr-4 font-medium">Alpha</th><td class="py-2 pr-4 text-right text-green-800">1</td><td class="py-2">act-a</td></tr>' +
        '<tr class="border-b border-slate-100 last:border-0"><th scope="row" class="py-2 pr-4 font-medium">Beta</th><td class="py-2 pr-4 text-right text-red-800">-2</td><td class="py-2">act-b</td></tr>' +
        '</tbody></table></div>',
    );
  });

  it('shows the empty state instead of a table without rows, and an empty table when no empty text is given', () => {
    expect(html({ rows: [], empty: 'Nothing yet.' })).toBe('<p class="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">Nothing yet.</p>');
    expect(html({ rows: [], label: 'Things' })).toContain('<table class="w-full text-left text-sm" aria-label="Things">');
  });

  it('keeps the last row border above a footer, aligns cells to the top on request, and takes cell attributes', () => {
    const out = html({
      alignTop: true,
      rowTestId: (r) => `row-${r.id}`,
      columns: [{ ...columns[0], cellProps: (r) => ({ title: `about ${r.name}` }) }],
      footer: createElement('tr', null, createElement('td', null, 'total')),
    });
    expect(out).toContain('<tr class="border-b border-slate-100 align-top" data-testid="row-a"><th scope="row" class="py-2 font-medium" title="about Alpha">Alpha</th></tr>');
    expect(out).toContain('<tfoot><tr><td>total</td></tr></tfoot>');
  });

  it('renders the rows the caller gives as body under the generated headers', () => {
    const out = html({ body: createElement('tr', { key: 'x' }, createElement('td', null, 'own row')) });
    expect(out).toContain('<tbody><tr><td>own row</td></tr></tbody>');
    expect(out).not.toContain('Alpha');
  });
});
