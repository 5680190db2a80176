import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { smppTpsWindows as w } from '@/db/schema';
import { fixedSql } from './fixed-sql';
import { name, of } from './sql-names';

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

  it('keeps names from the schema objects in the text it builds once, as drizzle renders them', () => {
    const upsert = (tag: typeof sql | typeof fixedSql, app: unknown, at: unknown) =>
      tag`insert into ${w} as t (${name(w.appId)}, ${name(w.windowStart)}) values (${app}, ${at}::timestamptz)
          on conflict (${name(w.appId)}) do update set ${name(w.used)} = ${of('t', w.used)} + 1 where ${w.appId} = ${app} returning ${name(w.used)}`;
    for (const values of [['app_1', '2026-01-01'], ['app_2', null]] as const) {
      const built = dialect.sqlToQuery(upsert(fixedSql, values[0], values[1]));
      const drizzles = dialect.sqlToQuery(upsert(sql, values[0], values[1]));
      expect(built).toEqual({ sql: drizzles.sql, params: drizzles.params });
      expect(built.params).toEqual([values[0], values[1], values[0]]);
    }
    expect(name(w.used)).toBe(name(w.used));
    expect(of('t', w.used)).toBe(of('t', w.used));
  });

  it('hands a call with another name in a gap, or a value where a name was, to drizzle', () => {
    const pick = (tag: typeof sql | typeof fixedSql, column: unknown, app: unknown) => tag`select ${column} from ${w} where ${w.appId} = ${app}`;
    expect(dialect.sqlToQuery(pick(fixedSql, w.used, 'a')).sql).toBe('select "smpp_tps"."used" from "smpp_tps" where "smpp_tps"."app_id" = $1');
    for (const [column, app] of [[w.windowStart, 'b'], ['used', 'c'], [sql`1`, 'd']] as const) {
      expect(dialect.sqlToQuery(pick(fixedSql, column, app))).toEqual(dialect.sqlToQuery(pick(sql, column, app)));
    }
  });
});
