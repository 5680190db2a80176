/**
 * Playwright's web server: a fresh database on DATABASE_URL's server (or the
 * embedded Postgres), migrated, then the built service (`npm start`) on
 * E2E_PORT with a fast carrier simulator. Rebuilds first when the build is stale.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import postgres from 'postgres';
import { migrateDatabase } from '../db/migrate';
import { resolveDatabaseUrl } from '../server/dev/database-url';
import { dropDatabasesOfDeadRuns } from '../server/dev/stale-databases';
import { ensureFreshBuild } from '../scripts/ensure-build';

const port = process.env.E2E_PORT ?? '3400';
// Its own build directory, so a concurrent `npm run build` elsewhere in the tree cannot pull the rug.
process.env.NEXT_DIST_DIR ??= '.next-e2e';
if (!process.env.DATABASE_URL) {
  process.env.DATA_DIR ??= '.data/test';
  process.env.EMBEDDED_PG_PORT ??= '54330';
}
const server = await resolveDatabaseUrl({ log: () => {} });
const admin = new URL(server.url);
admin.pathname = '/postgres';
const name = `sms_e2e_${process.pid}`;
const sql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
await dropDatabasesOfDeadRuns(sql, 'sms_e2e_'); // earlier runs killed before they could drop their own
await sql.unsafe(`drop database if exists ${name} with (force)`);
await sql.unsafe(`create database ${name}`);
await sql.end();
const url = new URL(admin.toString());
url.pathname = `/${name}`;
await migrateDatabase(url.toString());
// Specs that drive the operator CLI against this server's database read its URL here (one file per port).
mkdirSync('test-results', { recursive: true });
writeFileSync(`test-results/e2e-db-url-${port}.txt`, url.toString());
ensureFreshBuild();

// `npm start`, as an operator runs it: the compiled launcher and children from dist/ (ensureFreshBuild built them),
// with production's heap caps. (Under tsx the web process also holds every module's transpiled source and source
// map, and 18 specs in one process outgrew the 192 MB cap of the web process.)
const child = spawn('npm', ['start'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATABASE_URL: url.toString(),
    PORT: port,
    SEED_DEMO: 'off',
    // The SMPP listener (D15) 1000 above the web port: e2e/smpp.spec.ts binds to it.
    SMPP_PORT: String(Number(port) + 1000),
    NODE_ENV: 'production',
    WORKER_METRICS_PORT: 'off',
    SMPP_METRICS_PORT: 'off',
    CARRIER_SIM_DELAY_MS: '200',
    CARRIER_SIM_VALIDITY_S: '5',
    WEBHOOK_RETRY_SCHEDULE: '1s,1s,1s,1s',
    NEXTAUTH_URL: `http://127.0.0.1:${port}`,
    E2E_DATABASE_URL: url.toString(),
    SIGN_UPS_PER_MINUTE: '1000',
  },
});
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  const cleanup = postgres(admin.toString(), { max: 1, onnotice: () => {} });
  await cleanup.unsafe(`drop database if exists ${name} with (force)`).catch(() => {});
  await cleanup.end();
  await server.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Playwright signals the whole group: the service may exit first; stop() still drops the database.
child.on('exit', (code) => {
  if (!stopping) process.exit(code ?? 1);
});
