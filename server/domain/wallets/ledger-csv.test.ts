import { describe, expect, it } from 'vitest';
import { csvCell } from './ledger-csv';

describe('csvCell', () => {
  it.each([
    [null, {}, ''],
    [12, {}, '12'],
    ['-2.0000', {}, '-2.0000'],
    ['plain', { text: true }, 'plain'],
    ['a,b', { text: true }, '"a,b"'],
    ['say "hi"', { text: true }, '"say ""hi"""'],
    ['two\nlines', { text: true }, '"two\nlines"'],
    ['=HYPERLINK("x")', { text: true }, `"'=HYPERLINK(""x"")"`],
    ['+1', { text: true }, "'+1"],
    ['-cmd', { text: true }, "'-cmd"],
    ['@sum', { text: true }, "'@sum"],
  ] as const)('%j %j -> %s', (value, opts, out) => {
    expect(csvCell(value, opts)).toBe(out);
  });
});
