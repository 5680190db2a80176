/**
 * `npm run db:migrate`: applies the committed migrations (and graphile-worker's
 * schema) to DATABASE_URL, or to the embedded Postgres under .data/ when unset.
 */
import { migrateDatabase } from '../db/migrate';
import { resolveDatabaseUrl } from '../server/dev/database-url';

const db = await resolveDatabaseUrl();
try {
  await migrateDatabase(db.url);
  console.log('[db] migrations applied');
} catch (e) {
  console.error(`[db] migration failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
} finally {
  await db.stop();
}
