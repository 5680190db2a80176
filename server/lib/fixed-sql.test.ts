import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { fixedSql } from './fixed-sql';

const dialect = new PgDialect();
/** One call site, as in the code that uses it: the same strings array on every call. */
const insert = (tag: typeof sql | typeof fixedSql, [id, n, flag, note]: readonly unknown[]) =>
  tag`insert into t (id, n, flag, note) select ${id}, ${n}::int, ${flag}, ${note}::text where ${id} <> ''`;

describe('fixedSql', () => {
  it('builds the text and parameters drizzle builds, on every call', () => {
    for (const values of [
      ['a', 1, true, null],
      ['b', 2.5, false, 'x'],
      ["c'; drop table t; --", 0, true, '$1'],
    ] as const) {
      expect(dialect.sqlToQuery(insert(fixedSql, values))).toEqual({ sql: dialect.sqlToQuery(insert(sql, values)).sql, params: [...values, values[0]] });
    }
  });

  it('hands any other value to drizzle', () => {
    for (const values of [
      ['a', undefined, true, null],
      ['a', 1, sql`true`, null],
      ['a', 1, true, ['x', 'y']],
      ['a', 1, true, { x: 1 }],
    ] as const) {
      expect(dialect.sqlToQuery(insert(fixedSql, values))).toEqual(dialect.sqlToQuery(insert(sql, values)));
    }
  });
});
