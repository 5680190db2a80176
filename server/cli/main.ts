import { closeDb, createDb } from '@/db/client';
import { migrateDatabase } from '@/db/migrate';
import { resolveDatabaseUrl } from '@/server/dev/database-url';
import { env } from '@/server/env';
import { runCli } from './run-cli';

/** `npm run admin -- <command> [options] [--json]`: see run-cli.ts. */
let code = 1;
let stopDatabase = async () => {};
const args = process.argv.slice(2);
const io = { env: env(), stdout: (s: string) => process.stdout.write(s), stderr: (s: string) => process.stderr.write(s) };
// Usage needs no database: answer it without starting or migrating one.
const usageOnly = args.length === 0 || ['help', '--help', '-h'].includes(args[0]) || args.includes('--help') || args.includes('-h');
if (usageOnly) {
  process.exit(await runCli(args, { ...io, db: undefined as never }));
}
try {
  const database = await resolveDatabaseUrl({ log: (m) => process.stderr.write(`${m}\n`) });
  stopDatabase = database.stop;
  await migrateDatabase(database.url);
  const db = createDb(database.url, { max: 2 });
  try {
    code = await runCli(args, { ...io, db, databaseUrl: database.url });
  } finally {
    await closeDb(db, { timeout: 5 });
  }
} catch (e) {
  process.stderr.write(`error: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}\n`);
} finally {
  await stopDatabase();
}
process.exit(code);
