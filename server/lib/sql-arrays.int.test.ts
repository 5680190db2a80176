import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { closePools, testDb } from '@/tests/helpers';
import { arrayLiteral } from './sql-arrays';

const db = testDb();
afterAll(closePools);

describe('arrayLiteral', () => {
  it('writes ids, phones and integers as they are, and an empty list', () => {
    expect(arrayLiteral(['msg_01ab', '+243810000001'])).toBe('{msg_01ab,+243810000001}');
    expect(arrayLiteral([1, 2.9, 9007199254740991, 9007199254740993n])).toBe('{1,2,9007199254740991,9007199254740993}');
    expect(arrayLiteral([])).toBe('{}');
  });

  it('quotes what a literal would split or read as NULL', () => {
    expect(arrayLiteral(['a,b', 'say "hi"', 'back\\slash', '', 'null', 'two words', '{x}'])).toBe(
      '{"a,b","say \\"hi\\"","back\\\\slash","","null","two words","{x}"}',
    );
  });

  it('comes back from Postgres as the list that went in, text and bigint', async () => {
    const texts = ['a,b', 'say "hi"', 'back\\slash', '', 'NULL', 'two words', '{x}', 'é ü', '+243810000001'];
    const [t] = await db.execute<{ a: string[] }>(sql`select ${arrayLiteral(texts)}::text[] as a`);
    expect(t.a).toEqual(texts);
    const [n] = await db.execute<{ a: string[] }>(sql`select ${arrayLiteral([3, 1, 2])}::bigint[]::text[] as a`);
    expect(n.a).toEqual(['3', '1', '2']);
    const [e] = await db.execute<{ n: number }>(sql`select cardinality(${arrayLiteral([])}::text[]) as n`);
    expect(e.n).toBe(0);
  });
});
