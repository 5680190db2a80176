/**
 * The one way to hand a statement a list: the text of a Postgres array literal, `{a,b}`, passed as ONE bound
 * parameter and cast where the statement uses it (`= any(${arrayLiteral(ids)}::bigint[])`, `unnest(${...}::text[])`),
 * empty lists too. (drizzle would expand a JS array into one parameter per element: a statement text that changes
 * with the list's length.) A string, so it also fits fixedSql's statements.
 *
 * Numbers are written as integers (truncated: ids, counts), bigints as they are; text is quoted when the literal needs it (a comma,
 * quote, backslash, brace or space, an empty string, or the word NULL), so any text comes back as it went in.
 */
export function arrayLiteral(values: ReadonlyArray<string | number | bigint>): string {
  let text = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) text += ',';
    text += typeof v === 'number' ? String(Math.trunc(v)) : typeof v === 'bigint' ? String(v) : element(v);
  }
  return text + '}';
}

function element(s: string): string {
  if (s !== '' && !NEEDS_QUOTES.test(s) && s.toUpperCase() !== 'NULL') return s;
  return `"${s.replace(/[\\"]/g, '\\$&')}"`;
}

const NEEDS_QUOTES = /[",\\{}\s]/;
