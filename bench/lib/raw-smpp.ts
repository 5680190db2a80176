import { spawn } from 'node:child_process';

/**
 * Raw loops of the `smpp` library against the bench's test SMSC (issue 11's baseline): `n` submit_sm with at most
 * `window` unanswered, from a bare client of the same library. Two layouts:
 * - rawSubmitChild: the client alone in a child process, beside the SMSC in this one, as the connector sits in the
 *   worker beside the SMSC. The figure's baseline: the faster of the two, with a warm-up run first.
 * - rawSubmitInProcess: the client in this process, sharing one JS thread with the SMSC (an info row): that thread
 *   is its bound, not the library.
 */
export type RawSubmitResult = { rate: number; clientCpuMs: number | null };

/** The loop's submit_sm fields (the bench's baseline sends these). */
export const DEFAULT_FIELDS = { destination_addr: '243829990000', short_message: 'Your code is 123456', registered_delivery: 1 };
type Fields = Record<string, unknown>;

export async function rawSubmitInProcess(port: number, n: number, window: number, fields: Fields = {}): Promise<RawSubmitResult> {
  const smpp = (await import('smpp')).default;
  const session = smpp.connect({ url: `smpp://127.0.0.1:${port}` });
  await new Promise<void>((resolve, reject) => {
    session.bind_transmitter({ system_id: 'bench', password: 'benchpw1' }, (pdu) => (pdu.command_status === 0 ? resolve() : reject(new Error('raw bind refused'))));
  });
  const all = { ...DEFAULT_FIELDS, ...fields };
  const t0 = performance.now();
  let sent = 0;
  await Promise.all(Array.from({ length: window }, async () => {
    while (sent < n) {
      sent++;
      await new Promise<void>((resolve) => session.submit_sm(all, () => resolve()));
    }
  }));
  const rate = n / ((performance.now() - t0) / 1000);
  session.close();
  return { rate, clientCpuMs: null };
}

// The child's program: plain JavaScript for `node -e` (no TypeScript at run time), the same loop as above, run twice
// (a warm-up, then the measured run); prints {rate, cpuMs} of the measured run.
const CHILD = `
const smpp = require('smpp');
const [port, n, window] = process.argv.slice(1, 4).map(Number);
const fields = JSON.parse(process.argv[4]);
const session = smpp.connect({ url: 'smpp://127.0.0.1:' + port });
session.on('error', (e) => { console.error(e); process.exit(1); });
const run = async () => {
  let sent = 0;
  await Promise.all(Array.from({ length: window }, async () => {
    while (sent < n) { sent++; await new Promise((resolve) => session.submit_sm(fields, () => resolve())); }
  }));
};
session.bind_transmitter({ system_id: 'bench', password: 'benchpw1' }, async (pdu) => {
  if (pdu.command_status !== 0) { console.error('raw bind refused'); process.exit(1); }
  await run();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await run();
  const rate = n / ((performance.now() - t0) / 1000);
  const cpu = process.cpuUsage(c0);
  process.stdout.write(JSON.stringify({ rate, cpuMs: (cpu.user + cpu.system) / 1000 }));
  session.close();
  setTimeout(() => process.exit(0), 50);
});`;

/**
 * The raw loop with its client in a child process (a warm-up run, then the measured one). `clientCpuMs` is the
 * child's CPU over the measured run; the SMSC's (this process's) CPU is the caller's to read, over both runs.
 */
export async function rawSubmitChild(port: number, n: number, window: number, fields: Fields = {}): Promise<RawSubmitResult> {
  const child = spawn(process.execPath, ['-e', CHILD, String(port), String(n), String(window), JSON.stringify({ ...DEFAULT_FIELDS, ...fields })], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`raw smpp child exited with ${code}`);
  const r = JSON.parse(out) as { rate: number; cpuMs: number };
  return { rate: r.rate, clientCpuMs: r.cpuMs };
}
