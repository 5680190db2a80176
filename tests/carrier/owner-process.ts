import { createDb } from '@/db/client';
import { ConnectorManager } from '@/server/domain/carrier/manager';
import { FAST } from './harness-options';

/** A worker process's connector manager alone (for tests that SIGKILL it): `node --import tsx tests/carrier/owner-process.ts`. */
const db = createDb(process.env.DATABASE_URL!, { max: 3 });
const manager = new ConnectorManager(db, process.env.APP_SECRET_FOR_TEST!, `child-${process.pid}`, FAST);
manager.start();
process.stdout.write('started\n');
setInterval(() => {
  for (const [, held] of manager.runtimes) if (held.kind === 'smpp' && held.rt.states().some((s) => s.state === 'bound')) process.stdout.write('bound\n');
}, 100);
