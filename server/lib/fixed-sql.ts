import { Column, DrizzleQueryError, is, sql, SQL, Table, type QueryWithTypings } from 'drizzle-orm';
import { runStatement, type DbOrTx } from '@/db/client';
import { isName, textOf } from './sql-names';

/**
 * drizzle's `sql` tag for a hot statement whose text never changes: every value it interpolates is a bound
 * parameter (a string, number, boolean or null), so the text drizzle would build is the template with `$1`, `$2`,
 * ... in the gaps, the same on every call. It is built once per template (the strings array of a tagged template
 * is the same object on every call from one place in the code) instead of drizzle walking the template's chunks
 * on every call (about 28 us for the send's insert of three tables, docs/performance.md). The statement runs as
 * any drizzle `sql` does (`tx.execute(fixedSql`...`)`), on the pool or in a transaction; on a hot path,
 * `executeFixed(tx, fixedSql`...`)` (below) also skips drizzle's per-call execution layers.
 *
 * Names (D25) are part of the text too: a table, a column, or what sql-names.ts's name() and of() give, rendered
 * once as drizzle renders them, provided each call hands the same object in the same place (they are module
 * constants, and name() and of() give the same object for the same column).
 *
 * Any other value (undefined, an object, an array, a nested `sql`, another name than the first call's) would
 * change the text drizzle builds, so such a call is handed to drizzle's `sql` as it is.
 */
export function fixedSql(strings: TemplateStringsArray, ...params: unknown[]): SQL {
  const fixed = TEXTS.get(strings) ?? build(strings, params);
  if (fixed === null) return sql(strings, ...params);
  const names = fixed.names;
  if (names === null) {
    for (const p of params) if (!isValue(p)) return sql(strings, ...params);
    return new FixedSql(fixed.text, params);
  }
  const values: unknown[] = [];
  for (let i = 0; i < params.length; i++) {
    const p = params[i];
    if (names[i] !== undefined) {
      if (p !== names[i]) return sql(strings, ...params);
    } else if (isValue(p)) values.push(p);
    else return sql(strings, ...params);
  }
  return new FixedSql(fixed.text, values);
}

/** A template's text, and the name in each of its gaps that holds one (null: none does). */
type Fixed = { text: string; names: unknown[] | null };

const TEXTS = new WeakMap<TemplateStringsArray, Fixed>();

function isValue(p: unknown): boolean {
  return p === null || typeof p === 'string' || typeof p === 'number' || typeof p === 'boolean';
}

function build(strings: TemplateStringsArray, params: unknown[]): Fixed | null {
  let text = strings[0];
  let names: unknown[] | null = null;
  let n = 0;
  for (let i = 1; i < strings.length; i++) {
    const p = params[i - 1];
    if (isValue(p)) text += `$${++n}`;
    else if (is(p, Table) || is(p, Column) || isName(p)) {
      (names ??= new Array<unknown>(params.length))[i - 1] = p;
      text += textOf(sql`${p}`);
    } else return null;
    text += strings[i];
  }
  const fixed = { text, names };
  TEXTS.set(strings, fixed);
  return fixed;
}

/** A statement whose text and parameters are already known: drizzle gets them as they are. */
class FixedSql extends SQL {
  constructor(
    readonly text: string,
    readonly params: unknown[],
  ) {
    super([]);
  }

  override toQuery(): QueryWithTypings {
    return { sql: this.text, params: this.params };
  }
}

/**
 * `db.execute(query)` for a hot statement: a fixedSql statement goes straight to the postgres.js client under the
 * drizzle handle (the pool's, or the transaction's: db/client.ts's runStatement), with what drizzle's postgres-js
 * session would hand it (the same text and parameters, `prepare: false`, which server/lib/postgres-js.ts turns into
 * a named prepared statement up to 64 parameters) and the same answer (postgres.js's rows) or error
 * (DrizzleQueryError with the driver's error as its cause). Skipped per call: drizzle's query object, its tracing
 * spans, its placeholder pass and cache check, about four promises (the send makes four such statements in its
 * transaction). Anything else runs through drizzle.
 */
export async function executeFixed<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const direct = query instanceof FixedSql ? runStatement<T>(db, query.text, query.params) : undefined;
  if (!direct) return (await db.execute<T>(query)) as T[];
  try {
    return await direct;
  } catch (e) {
    throw new DrizzleQueryError((query as FixedSql).text, (query as FixedSql).params, e as Error);
  }
}
