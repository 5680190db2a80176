import { describe, expect, it } from 'vitest';
import { entryLabel, parseCsvRecipients, parsePastedRecipients } from './parse-recipients';

describe('pasted recipients', () => {
  it('one per line or comma/semicolon separated, blanks skipped, lines remembered', () => {
    const entries = parsePastedRecipients('+243810005555\n\n 0812345678 , 0991234567;\r\n243820004444');
    expect(entries.map((e) => [e.value, e.line])).toEqual([
      ['+243810005555', 1],
      ['0812345678', 3],
      ['0991234567', 3],
      ['243820004444', 4],
    ]);
    expect(entryLabel(entries[3])).toBe('Line 4');
  });
  it('nothing typed: no entries', () => {
    expect(parsePastedRecipients('  \n , ;')).toEqual([]);
  });
});

describe('CSV recipients', () => {
  it('uses the `phone` column whatever its position, and skips the header', () => {
    const r = parseCsvRecipients('name,Phone,city\r\n"Doe, Jane",+243 81 000 5555,Kinshasa\nBob,0991234567,Goma\n,,\n');
    expect(r.column).toBe('Phone');
    expect(r.headerSkipped).toBe(true);
    expect(r.entries.map((e) => [e.value, e.line])).toEqual([
      ['+243 81 000 5555', 2],
      ['0991234567', 3],
    ]);
    expect(entryLabel(r.entries[1])).toBe('CSV row 3');
  });
  it('without a header: the first column of every row', () => {
    const r = parseCsvRecipients('+243810005555,Jane\n0991234567,Bob');
    expect(r).toMatchObject({ column: 'first column', headerSkipped: false });
    expect(r.entries.map((e) => e.value)).toEqual(['+243810005555', '0991234567']);
  });
  it('a header without a phone column is skipped and the first column used', () => {
    const r = parseCsvRecipients('\uFEFFmobile;name\n0812345678;Ann\n');
    expect(r.headerSkipped).toBe(true);
    expect(r.entries.map((e) => [e.value, e.line])).toEqual([['0812345678', 2]]);
  });
  it('a `;`-separated file (French Excel): quoted cells holding `;`, a header in French', () => {
    const r = parseCsvRecipients('Nom;Téléphone;Ville\r\n"Doe; Jane";+243 81 000 5555;Kinshasa\r\nÉlise;0991234567;Goma\r\n');
    expect(r).toMatchObject({ column: 'first column', headerSkipped: true });
    expect(r.entries.map((e) => [e.value, e.line])).toEqual([
      ['Doe; Jane', 2],
      ['Élise', 3],
    ]);
    expect(parseCsvRecipients('name;phone\n"Doe; Jane";+243810005555\n').entries.map((e) => e.value)).toEqual(['+243810005555']);
  });
});
