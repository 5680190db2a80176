/**
 * The web process the launcher (scripts/run.ts) starts and restarts for `npm
 * run dev` and `npm start`: Next.js and the REST listener on one port
 * (server/http/web-server.ts). Not meant to be run by hand: the launcher
 * resolves DATABASE_URL and migrates first.
 */
import { closeDb, db } from '../db/client';
import { startWebServer } from '../server/http/web-server';
import { parseEnv } from '../server/env';
import { logger } from '../server/lib/logger';
import { listenToSupervisor } from '../server/supervisor/supervisor-facts';

/** In-flight requests get this long to finish after SIGTERM; then the process exits regardless. */
const GRACE_MS = 5_000;
const mode = process.argv[2] === 'dev' ? 'dev' : 'start';
const settings = parseEnv();
listenToSupervisor(); // restarts of this process and the worker, for GET /health
const web = await startWebServer({ dev: mode === 'dev', port: settings.PORT, hostname: settings.HOST, graceMs: GRACE_MS });
const shownHost = settings.HOST === undefined ? 'localhost' : settings.HOST.includes(':') ? `[${settings.HOST}]` : settings.HOST;
console.log(`[web] ready on http://${shownHost}:${settings.PORT} (${mode})`);

let closing = false;
async function stop(): Promise<void> {
  if (closing) return;
  closing = true;
  setTimeout(() => process.exit(0), GRACE_MS + 1_000);
  await web.close().catch((error: unknown) => logger.warn('web close failed', { error }));
  await closeDb(db(), { timeout: 5 }).catch(() => {});
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
// The launcher is gone (killed): stop rather than hold the port unsupervised.
process.on('disconnect', () => void stop());
