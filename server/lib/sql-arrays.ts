import { sql, type SQL } from 'drizzle-orm';

/** drizzle expands a JS array into a parameter list; these pass one array parameter instead (empty arrays too). */
export function ids64(ids: number[]): SQL {
  return sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::bigint[]`;
}

export function textArray(values: string[]): SQL {
  return sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
}
