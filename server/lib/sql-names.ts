import { sql, type Column, type SQL } from 'drizzle-orm';

/**
 * Table and column names in hand-written statements come from the schema objects (db/schema), never as text, so a
 * renamed column fails typecheck instead of a query at run time. In drizzle's `sql`, `${table}` renders "table" and
 * `${table.column}` renders "table"."column": right in a WHERE or a SELECT list over that table, wrong where SQL
 * wants the bare name or an alias. These give the other two forms.
 */

/** The bare column name, "column": an INSERT's or UPDATE ... SET's column list, ON CONFLICT (...), RETURNING. */
export function name(column: Column): SQL {
  return sql`${sql.identifier(column.name)}`;
}

/** The column under an alias, alias."column": `insert into ${t} as t ... set used = ${of('t', t.used)} + 1`. */
export function of(alias: string, column: Column): SQL {
  return sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`;
}
