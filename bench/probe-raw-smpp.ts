/**
 * Probe (issue 11): the SMPP baseline's process layout, several rounds alternating: the raw loop with its client in
 * this process (one JS thread shared with the test SMSC) and with its client in a child process (as the connector
 * sits in the worker, beside the SMSC). See bench/lib/raw-smpp.ts.
 *   npx tsx bench/probe-raw-smpp.ts [rounds=3] [n=10000] [window=50]
 */
import { startSmsc } from '../tests/carrier/smsc';
import { rawSubmitChild, rawSubmitInProcess } from './lib/raw-smpp';

const [rounds = 3, n = 10_000, window = 50] = process.argv.slice(2).map(Number);
const smsc = await startSmsc({ systemId: 'bench', password: 'benchpw1' });
await rawSubmitInProcess(smsc.port, n, window); // warm-up (the child warms itself up)
for (let i = 0; i < rounds; i++) {
  const c0 = process.cpuUsage();
  const a = await rawSubmitInProcess(smsc.port, n, window);
  const ca = process.cpuUsage(c0);
  const c1 = process.cpuUsage();
  const b = await rawSubmitChild(smsc.port, n, window);
  const cb = process.cpuUsage(c1);
  console.log(`in this process: ${a.rate.toFixed(0)}/s (CPU per submit_sm ${((ca.user + ca.system) / 1000 / n).toFixed(3)} ms, client + SMSC)` +
    ` | client in a child: ${b.rate.toFixed(0)}/s (CPU per submit_sm: client ${(b.clientCpuMs! / n).toFixed(3)} ms, SMSC ${((cb.user + cb.system) / 1000 / (2 * n)).toFixed(3)} ms)`);
}
await smsc.close();
process.exit(0);
