import { describe, expect, it } from 'vitest';
import { csvLines, neutraliseFormula, parseCsv } from './csv';

describe('parseCsv', () => {
  it('RFC 4180: quoted fields keep separators, doubled quotes and line breaks; a BOM and the final line break go', () => {
    expect(parseCsv('\uFEFFa,"b,c","say ""hi""","x\ny"\nz\n')).toEqual([['a', 'b,c', 'say "hi"', 'x\ny'], ['z']]);
  });
  it('guesses `;` and TAB separated files', () => {
    expect(parseCsv('phone;name\r\n+243810005555;"Doe; Jane"\r\n')).toEqual([
      ['phone', 'name'],
      ['+243810005555', 'Doe; Jane'],
    ]);
    expect(parseCsv('phone\tname\n0812345678\tAnn, B.')).toEqual([
      ['phone', 'name'],
      ['0812345678', 'Ann, B.'],
    ]);
  });
  it('keeps blank rows, so row numbers are line numbers', () => {
    expect(parseCsv('a\n\nb')).toEqual([['a'], [''], ['b']]);
  });
});

describe('the formula rule', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1 cmd', "'+1 cmd"],
    ['-cmd', "'-cmd"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t'=1"],
    ['\r=1', "'\r'=1"],
    ['x;=1+1;', "x;'=1+1;"],
    ['x,=1+1', "x,'=1+1"],
    ['x\t@y', "x\t'@y"],
    ['two\n=lines', "two\n'=lines"],
    ['plain', 'plain'],
    ['a - b', 'a - b'],
    ['-2.5000', '-2.5000'],
    ['+243812345678', '+243812345678'],
  ])('%j -> %j', (value, out) => {
    expect(neutraliseFormula(value)).toBe(out);
  });
});

describe('csvLines', () => {
  it('CRLF rows, quoted when a cell holds , ; TAB a quote or a line break, formulas neutralised, numbers as they are', () => {
    expect(
      csvLines([
        ['id', 'note'],
        [1, null],
        ['-2.0000', 'a,b'],
        ['x', 'say "hi"'],
        ['y', 'x;=1+1;'],
        ['z', '=HYPERLINK("x")'],
        ['t', '\tcmd'],
      ]),
    ).toBe(['id,note', '1,', '-2.0000,"a,b"', 'x,"say ""hi"""', `y,"x;'=1+1;"`, `z,"'=HYPERLINK(""x"")"`, `t,"'\tcmd"`, ''].join('\r\n'));
    expect(csvLines([])).toBe('');
  });
});
