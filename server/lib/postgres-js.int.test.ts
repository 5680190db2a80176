import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * postgres.js 3.4.9 lets `sql.begin()` send BEGIN on a connection it never
 * reserves when BEGIN is the query that fills a busy connection's pipeline
 * (porsager/postgres#823, #1189): the transaction fails with UNSAFE_TRANSACTION
 * and, worse, stays open on the server while the connection goes back to the
 * pool, so unrelated queries run inside it. Seen once in ~20 runs of
 * tests/reliability/money-under-concurrency (a 500 on POST /send). The driver
 * is patched at install (patches/postgres+3.4.9.patch, applied by
 * patch-package on `npm ci`); this pins the patch with a small pipeline, where
 * the unpatched driver fails most rounds.
 */
const clients: postgres.Sql[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.end({ timeout: 1 })));
});

describe('postgres.js transactions under pipelining (patched driver)', () => {
  it('every sql.begin() runs on its own reserved connection; no other query runs inside a transaction', async () => {
    // max_pipeline (default 100) is a driver option its types do not declare.
    const sql = postgres(process.env.DATABASE_URL!, { max: 3, onnotice: () => {}, ...({ max_pipeline: 2 } as object) });
    clients.push(sql);
    let unsafe = 0;
    let leaked = 0;
    let broken = 0;
    for (let round = 0; round < 12; round++) {
      // All three connections busy, so what follows pipelines onto them.
      const busy = Array.from({ length: 3 }, () => sql`select pg_sleep(0.05)`);
      const plain = Array.from({ length: 6 }, () =>
        sql<{ tx: string | null }[]>`select current_setting('test.in_tx', true) as tx`.then(([r]) => {
          if (r.tx === 'yes') leaked++; // ran inside someone's open transaction
        }),
      );
      const txs = Array.from({ length: 5 }, (_, i) =>
        sql
          .begin(async (tx) => {
            // A transaction-local setting: visible to whatever runs inside this transaction, gone after it.
            const [a] = await tx<{ x: string }[]>`select pg_current_xact_id()::text as x, set_config('test.in_tx', 'yes', true)`;
            await tx`select pg_sleep(0.01)`;
            const [b] = await tx<{ x: string }[]>`select pg_current_xact_id()::text as x`;
            return a.x === b.x ? i : -1;
          })
          .catch((e: { code?: string }) => {
            if (e.code === 'UNSAFE_TRANSACTION') unsafe++;
            else throw e;
            return -2;
          }),
      );
      const [, , results] = await Promise.all([Promise.all(busy), Promise.all(plain), Promise.all(txs)]);
      broken += results.filter((r, i) => r !== i).length;
    }
    expect({ unsafe, leaked, broken }).toEqual({ unsafe: 0, leaked: 0, broken: 0 });
  }, 60_000);

  it("sql.reserve(), the public way to hold a connection for a transaction, never answers on a pool's new connection once array types are not fetched (porsager/postgres #751, #1219): why the patch stays (docs/decisions.md D25)", async () => {
    // hardenedClient stops fetching the array types once the pool has them (defect 2); reserve() then needs a connection that is already open.
    const sql = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {}, fetch_types: false });
    clients.push(sql);
    const outcome = await Promise.race([
      sql.reserve().then((r) => (r.release(), 'reserved')),
      new Promise((resolve) => setTimeout(resolve, 1000, 'no answer')),
    ]);
    // An upgrade that fixes it fails here: then D25's reserve-based transaction can replace the patch.
    expect(outcome).toBe('no answer');
  });
});
