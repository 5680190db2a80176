import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import { Logger, runMigrations } from 'graphile-worker';
import postgres from 'postgres';

// Beside this file (db/migrations), or, from a bundle in dist/ (scripts/build-server.mjs), ../db/migrations.
const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsFolder = [path.join(here, 'migrations'), path.join(here, '..', 'db', 'migrations')].find((d) => existsSync(d))!;
const quiet = new Logger(() => () => {});

/**
 * Applies the committed Drizzle migrations and graphile-worker's schema.
 * An advisory lock makes concurrent starts (several instances) wait for one another.
 */
export async function migrateDatabase(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`select pg_advisory_lock(727274)`;
    await migrate(drizzle(sql), { migrationsFolder });
    await runMigrations({ connectionString: url, logger: quiet });
    await sql`select pg_advisory_unlock(727274)`;
  } finally {
    await sql.end({ timeout: 5 });
  }
}
