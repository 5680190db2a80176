import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { smppTpsWindows as w } from '@/db/schema';
import { name, of } from './sql-names';

const text = (q: ReturnType<typeof sql>) => new PgDialect().sqlToQuery(q).sql;

describe('names from the schema objects', () => {
  it('renders the table, the qualified column, the bare column and the aliased column', () => {
    expect(text(sql`${w} ${w.used} ${name(w.used)} ${of('t', w.windowStart)}`)).toBe('"smpp_tps" "smpp_tps"."used" "used" "t"."window_start"');
  });

  it('gives an upsert whose SET list and alias Postgres accepts', () => {
    expect(text(sql`insert into ${w} as t (${name(w.appId)}) values (1) on conflict (${name(w.appId)}) do update set ${name(w.used)} = ${of('t', w.used)} + 1`)).toBe(
      'insert into "smpp_tps" as t ("app_id") values (1) on conflict ("app_id") do update set "used" = "t"."used" + 1',
    );
  });
});
