import { sql, type SQL } from 'drizzle-orm';

/**
 * The text of a Postgres array literal, `{a,b}`, passed as one parameter and cast in the statement (`::text[]`,
 * `::int[]`, `::bigint[]`), empty arrays too. Only for values an array literal never quotes: numbers, E.164 phones,
 * our prefixed ids; any other text goes through textArray. A string, so it also fits fixedSql's statements.
 */
export function arrayLiteral(values: ReadonlyArray<string | number>): string {
  return `{${values.join(',')}}`;
}

/** drizzle expands a JS array into a parameter list; these pass one array parameter instead (empty arrays too). */
export function ids64(ids: number[]): SQL {
  return sql`${arrayLiteral(ids.map((n) => Math.trunc(n)))}::bigint[]`;
}

export function textArray(values: string[]): SQL {
  return sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
}
