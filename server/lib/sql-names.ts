import { sql, type Column, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * Table and column names in hand-written statements come from the schema objects (db/schema), never as text, so a
 * renamed column fails typecheck instead of a query at run time. In drizzle's `sql`, `${table}` renders "table" and
 * `${table.column}` renders "table"."column": right in a WHERE or a SELECT list over that table, wrong where SQL
 * wants the bare name or an alias. These give the other two forms.
 */

/** The bare column name, "column": an INSERT's or UPDATE ... SET's column list, ON CONFLICT (...), RETURNING. */
export function name(column: Column): SQL {
  let n = BARE.get(column);
  if (n === undefined) BARE.set(column, (n = mark(sql`${sql.identifier(column.name)}`)));
  return n;
}

/** The column under an alias, alias."column": `insert into ${t} as t ... set used = ${of('t', t.used)} + 1`. */
export function of(alias: string, column: Column): SQL {
  let byColumn = ALIASED.get(alias);
  if (byColumn === undefined) ALIASED.set(alias, (byColumn = new WeakMap()));
  let n = byColumn.get(column);
  if (n === undefined) byColumn.set(column, (n = mark(sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`)));
  return n;
}

/**
 * Whether `x` came from name() or of(): a name, no value in it. Each gives the same object for the same column (and
 * alias), so fixedSql (server/lib/fixed-sql.ts) can keep a statement's text with its names in it, built once.
 */
export function isName(x: unknown): boolean {
  return NAMES.has(x as SQL);
}

/**
 * The text drizzle renders for a part of a statement that holds names and no value (`${table}`, `${table.column}`,
 * name(), of(), text): for a statement whose text is built once, as a string (fixedSql, keyedReadSql).
 */
export function textOf(part: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(part);
  if (params.length) throw new Error(`textOf: a value in a part that should hold names only: ${text}`);
  return text;
}

const dialect = new PgDialect();
const BARE = new WeakMap<Column, SQL>();
const ALIASED = new Map<string, WeakMap<Column, SQL>>();
const NAMES = new WeakSet<SQL>();

function mark(n: SQL): SQL {
  NAMES.add(n);
  return n;
}
