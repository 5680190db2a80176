/** One figure, its baseline from the same run, and ratio = value / baseline. */
export type Row = {
  figure: string;
  unit: string;
  value: number;
  baseline: string;
  baselineValue: number | null;
  target: string;
  ok: boolean | null;
  ratio?: number | null;
};

const fmt = (n: number | null) => (n === null || Number.isNaN(n) ? '-' : n >= 100 ? n.toFixed(0) : n.toFixed(1));

export function printTable(rows: Row[]): void {
  for (const r of rows) r.ratio = r.baselineValue ? r.value / r.baselineValue : null;
  const table = [
    ['figure', 'value', 'unit', 'baseline (same run)', 'baseline', 'ratio', 'target', 'met'],
    ...rows.map((r) => [r.figure, fmt(r.value), r.unit, r.baseline, fmt(r.baselineValue), r.ratio ? r.ratio.toFixed(2) : '-', r.target, r.ok === null ? '-' : r.ok ? 'yes' : 'NO']),
  ];
  const widths = table[0].map((_, c) => Math.max(...table.map((row) => row[c].length)));
  const line = (row: string[]) => `| ${row.map((cell, c) => cell.padEnd(widths[c])).join(' | ')} |`;
  console.log('');
  console.log(line(table[0]));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of table.slice(1)) console.log(line(row));
  console.log('');
}
