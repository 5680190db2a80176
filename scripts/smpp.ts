/**
 * The SMPP listener process (D15) the launcher (scripts/run.ts) starts and restarts for `npm start` and
 * `npm run dev` when SMPP_PORT is not `off`: merchants' ESMEs bind here (server/smpp/server/listener.ts, the domain behind it
 * through server/domain/smpp-access/server-port.ts). Stateless
 * apart from its sessions; any number may run against one database.
 */
import { hostname } from 'node:os';
import { closeDb, createDb } from '../db/client';
import { env } from '../server/env';
import { surviveDatabaseOutages } from '../server/lib/db-errors';
import { logger } from '../server/lib/logger';
import { startMetricsServer } from '../server/metrics/handler';
import { smppAccessPort } from '../server/domain/smpp-access/server-port';
import { startSmppListener } from '../server/smpp/server/listener';

surviveDatabaseOutages((m, f) => logger.warn(m, f));

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is not set (the launcher resolves it before it starts the SMPP listener)');
const settings = env();
if (settings.SMPP_PORT === 'off') process.exit(0);
const db = createDb(url, { max: 10 });
const listener = await startSmppListener({
  backend: smppAccessPort({ db, secret: settings.APP_SECRET, environment: settings.SMS_ENV, listenerId: `${hostname()}/${process.pid}` }),
  port: settings.SMPP_PORT,
  limits: { maxConnections: settings.SMPP_MAX_CONNECTIONS, maxPerAddress: settings.SMPP_MAX_CONNECTIONS_PER_ADDRESS },
});
// sms_sends_accepted_total{channel="smpp"} is counted here, where the submit_sm is accepted.
const metrics = settings.SMPP_METRICS_PORT === 'off' ? null : await startMetricsServer(settings.SMPP_METRICS_PORT, settings.METRICS_TOKEN, 'smpp listener', { host: settings.HOST });

let closing = false;
async function stop(): Promise<void> {
  if (closing) return;
  closing = true;
  metrics?.close();
  metrics?.closeAllConnections();
  await listener.close().catch((error: unknown) => logger.warn('smpp listener stop failed', { error }));
  await closeDb(db, { timeout: 2 }).catch(() => {});
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
process.on('disconnect', () => void stop());
