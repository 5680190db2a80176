import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/service-process';
import { processCpuSeconds } from './rss';

/**
 * Kannel (Debian's `kannel` package, 1.4.5) as the end-to-end peer of the e2e phase: bearerbox with one SMPP
 * smsc group and a file store, and an smsbox with a sendsms port and one sendsms-user, configured in a temp
 * directory, started in that order, stopped in the reverse order (SIGTERM, SIGKILL after a grace period). Both
 * are killed when this process exits, whatever the reason. Logging: warnings to files in the temp directory,
 * nothing on the console (Kannel's console default is debug, which would cost it more than the messages).
 */
export const BEARERBOX = '/usr/sbin/bearerbox';
export const SMSBOX = '/usr/sbin/smsbox';
export const KANNEL_INSTALL_HINT = 'Kannel is not installed (no /usr/sbin/bearerbox): `apt-get install -y kannel` (Debian/Ubuntu) to get the Kannel peer rows';

export function kannelInstalled(): boolean {
  return existsSync(BEARERBOX) && existsSync(SMSBOX);
}

export type KannelOptions = {
  smscHost: string;
  smscPort: number;
  systemId: string;
  password: string;
  /** max-pending-submits: submit_sm in flight without a submit_sm_resp (the SMPP window). */
  window: number;
};

export type Kannel = {
  /**
   * One sendsms request (HTTP GET, the sendsms-user's credentials) from ACME with the bench's text to these receivers
   * (one `to`, separated by spaces), asking for a delivered report on `dlrUrl` (dlr-mask 1); resolves on 202.
   */
  sendsms: (to: string[], dlrUrl: string) => Promise<void>;
  /** CPU seconds used so far by bearerbox and smsbox (all their threads). */
  cpuSeconds: () => { bearerbox: number; smsbox: number };
  /** The last lines of both logs, for an error message. */
  logs: () => string;
  stop: () => Promise<void>;
};

const ADMIN_PASSWORD = 'bench-admin';
const USER = 'bench';
const USER_PASSWORD = 'bench-pw';

function config(o: KannelOptions, dir: string, ports: { admin: number; smsbox: number; sendsms: number }): string {
  return `group = core
admin-port = ${ports.admin}
admin-password = "${ADMIN_PASSWORD}"
admin-allow-ip = "127.0.0.1"
smsbox-port = ${ports.smsbox}
box-allow-ip = "127.0.0.1"
log-file = "${path.join(dir, 'bearerbox.log')}"
log-level = 2
store-type = file
store-location = "${path.join(dir, 'kannel.store')}"
dlr-storage = internal

group = smsc
smsc = smpp
smsc-id = bench
host = ${o.smscHost}
port = ${o.smscPort}
receive-port = 0
transceiver-mode = true
smsc-username = "${o.systemId}"
smsc-password = "${o.password}"
system-type = ""
max-pending-submits = ${o.window}
msg-id-type = 0x00
log-level = 2

group = smsbox
bearerbox-host = 127.0.0.1
bearerbox-port = ${ports.smsbox}
sendsms-port = ${ports.sendsms}
log-file = "${path.join(dir, 'smsbox.log')}"
log-level = 2

group = sendsms-user
username = "${USER}"
password = "${USER_PASSWORD}"
max-messages = 1

group = sms-service
keyword = default
text = "No service specified"
`;
}

const tail = (file: string) => {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '(no log)';
  }
};

async function waitUntil(what: string, timeoutMs: number, probe: () => Promise<boolean>, alive: () => string | null): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const dead = alive();
    if (dead) throw new Error(`${dead} while waiting for ${what}`);
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** bearerbox, then smsbox once bearerbox's admin port answers; resolves once the SMSC is online and the sendsms port answers. */
export async function startKannel(o: KannelOptions): Promise<Kannel> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-kannel-'));
  const ports = { admin: await freePort(), smsbox: await freePort(), sendsms: await freePort() };
  const conf = path.join(dir, 'kannel.conf');
  writeFileSync(conf, config(o, dir, ports));
  const children: ChildProcess[] = [];
  const killAll = () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  };
  process.on('exit', killAll);
  // `-v 4`: panics only on the console (stderr); the log files hold the warnings.
  const start = (bin: string) => {
    const c = spawn(bin, ['-v', '4', conf], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    c.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
    c.on('error', () => {});
    children.push(c);
    return { child: c, err: () => err };
  };
  const gone = () => {
    const dead = children.find((c) => c.exitCode !== null || c.signalCode !== null);
    return dead ? `${dead.spawnfile} exited (${dead.exitCode ?? dead.signalCode}):\n${logs()}` : null;
  };
  const logs = () => `bearerbox.log:\n${tail(path.join(dir, 'bearerbox.log'))}\nsmsbox.log:\n${tail(path.join(dir, 'smsbox.log'))}`;
  const admin = `http://127.0.0.1:${ports.admin}`;
  try {
    const bearerbox = start(BEARERBOX);
    await waitUntil('bearerbox\'s admin port', 20_000, async () => (await fetch(`${admin}/status.txt?password=${ADMIN_PASSWORD}`)).status === 200, gone);
    const smsbox = start(SMSBOX);
    await waitUntil('smsbox\'s sendsms port', 20_000, async () => {
      await fetch(`http://127.0.0.1:${ports.sendsms}/cgi-bin/sendsms`);
      return true; // any answer (a 4xx without credentials): it listens
    }, gone);
    await waitUntil('the Kannel SMSC connection online', 20_000, async () => {
      const status = await (await fetch(`${admin}/status.txt?password=${ADMIN_PASSWORD}`)).text();
      return /\bbench\b.*\(online/.test(status) && /smsbox:/.test(status);
    }, gone);
    let stopped = false;
    return {
      sendsms: async (to, dlrUrl) => {
        const q = new URLSearchParams({ username: USER, password: USER_PASSWORD, from: 'ACME', to: to.join(' '), text: 'Your code is 123456', 'dlr-mask': '1', 'dlr-url': dlrUrl });
        const res = await fetch(`http://127.0.0.1:${ports.sendsms}/cgi-bin/sendsms?${q}`);
        const body = await res.text();
        if (res.status !== 202) throw new Error(`Kannel sendsms answered ${res.status}: ${body}`);
      },
      cpuSeconds: () => ({ bearerbox: processCpuSeconds(bearerbox.child.pid!), smsbox: processCpuSeconds(smsbox.child.pid!) }),
      logs,
      stop: async () => {
        if (stopped) return;
        stopped = true;
        await stopChild(smsbox.child);
        await stopChild(bearerbox.child);
        process.off('exit', killAll);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    killAll();
    process.off('exit', killAll);
    throw e;
  }
}

/** SIGTERM (Kannel shuts down in order: stops taking messages, flushes the store); SIGKILL after 10 s. */
async function stopChild(c: ChildProcess): Promise<void> {
  if (c.exitCode !== null || c.signalCode !== null) return;
  const exited = new Promise<void>((r) => c.once('exit', () => r()));
  c.kill('SIGTERM');
  const timer = setTimeout(() => c.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
