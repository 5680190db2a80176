import { execFile, execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort, sleep, startProcess, waitFor, type Proc } from '../../scripts/service-process';

/**
 * Postgres clusters of the machine's own binaries, made and run the way docs/operations.md tells an operator to
 * (initdb, pg_basebackup, pg_ctl promote, WAL archiving, point-in-time recovery), and HAProxy in front of them,
 * for the failover and restore tests. Postgres refuses to run as root: as root, every Postgres command runs as the
 * `postgres` user (runuser), in a temporary directory that user owns.
 */
const run = promisify(execFile);
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const asRoot = process.getuid?.() === 0;

async function pg(cmd: string, args: string[]): Promise<string> {
  const bin = path.join(PG_BIN, cmd);
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  try {
    return (await run(file, argv, { maxBuffer: 16 << 20 })).stdout;
  } catch (e) {
    const err = e as { stderr?: string; message: string };
    throw new Error(`${cmd} ${args.join(' ')} failed: ${err.stderr || err.message}`);
  }
}

/** A directory the Postgres processes may write to, removed by `cleanUp`. */
export function workDir(prefix: string): { dir: string; cleanUp: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  return { dir, cleanUp: () => rmSync(dir, { recursive: true, force: true }) };
}

function mkdirFor(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
}

export type Cluster = {
  name: string;
  dir: string;
  port: number;
  url: (database?: string) => string;
  start: () => Promise<void>;
  /** pg_ctl stop -m fast. */
  stop: () => Promise<void>;
  /** SIGKILL to the postmaster and every process it started: the machine is gone, nothing is shut down. */
  kill: () => Promise<void>;
  promote: () => Promise<void>;
  conf: (lines: string[]) => void;
  log: () => string;
};

function cluster(name: string, dir: string, port: number): Cluster {
  const logFile = path.join(dir, 'server.log');
  const self: Cluster = {
    name,
    dir,
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start: async () => void (await pg('pg_ctl', ['-D', dir, '-l', logFile, '-w', '-t', '60', 'start'])),
    stop: async () => void (await pg('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']).catch(() => '')),
    kill: async () => {
      const pid = Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const children = (await run('ps', ['-o', 'pid=', '--ppid', String(pid)]).catch(() => ({ stdout: '' }))).stdout;
      for (const p of [pid, ...children.split('\n').map(Number).filter(Boolean)]) {
        try {
          process.kill(p, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }
      await waitFor(async () => {
        try {
          process.kill(pid, 0);
          return false;
        } catch {
          return true;
        }
      }, 10_000, 20, `${name} to die`);
    },
    promote: async () => void (await pg('pg_ctl', ['-D', dir, '-w', 'promote'])),
    /** Settings appended to postgresql.auto.conf (they win over postgresql.conf). */
    conf: (lines) => appendFileSync(path.join(dir, 'postgresql.auto.conf'), `${lines.join('\n')}\n`),
    log: () => {
      try {
        return readFileSync(logFile, 'utf8');
      } catch {
        return '';
      }
    },
  };
  return self;
}

/** Settings of every cluster here: loopback only, its own socket directory, room for replication. */
function baseSettings(dir: string, port: number): string[] {
  return [
    "listen_addresses = '127.0.0.1'",
    `port = ${port}`,
    `unix_socket_directories = '${dir}'`,
    'max_connections = 100',
    'shared_buffers = 32MB',
    'wal_level = replica',
    'max_wal_senders = 5',
    'hot_standby = on',
  ];
}

/** `initdb` (trust on loopback: a test machine), with `settings` for a primary. */
export async function initPrimary(root: string, name: string, settings: string[] = []): Promise<Cluster> {
  const dir = path.join(root, name);
  mkdirFor(dir);
  await pg('initdb', ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  const c = cluster(name, dir, port);
  c.conf([...baseSettings(dir, port), ...settings]);
  return c;
}

/**
 * A streaming standby of `primary` by pg_basebackup, reporting as `applicationName` (the name the primary's
 * synchronous_standby_names lists), with `settings` of its own.
 */
export async function initStandby(root: string, name: string, primary: Cluster, settings: string[] = []): Promise<Cluster> {
  const dir = path.join(root, name);
  mkdirFor(dir);
  await pg('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', dir, '-X', 'stream', '-c', 'fast']);
  const port = await freePort();
  const c = cluster(name, dir, port);
  writeFileSync(path.join(dir, 'standby.signal'), '');
  if (asRoot) execFileSync('chown', ['postgres:postgres', path.join(dir, 'standby.signal')]);
  c.conf([
    ...baseSettings(dir, port),
    `primary_conninfo = 'host=127.0.0.1 port=${primary.port} user=postgres application_name=${name}'`,
    ...settings,
  ]);
  return c;
}

/** A base backup of `primary` (tar-less plain copy, WAL included) into `dir`, for a restore drill. */
export async function baseBackup(primary: Cluster, dir: string): Promise<void> {
  mkdirFor(dir);
  await pg('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', dir, '-X', 'stream', '-c', 'fast']);
}

/** A cluster in `dir`, a copy of the base backup `backup`, recovering from `archive` up to `targetTime`, then promoted. */
export async function restoreToPointInTime(backup: string, dir: string, archive: string, targetTime: string): Promise<Cluster> {
  await run('cp', ['-a', backup, dir]);
  const port = await freePort();
  const c = cluster(path.basename(dir), dir, port);
  writeFileSync(path.join(dir, 'recovery.signal'), '');
  if (asRoot) execFileSync('chown', ['postgres:postgres', path.join(dir, 'recovery.signal')]);
  c.conf([
    ...baseSettings(dir, port),
    "archive_mode = 'off'",
    `restore_command = 'cp ${archive}/%f %p'`,
    `recovery_target_time = '${targetTime}'`,
    "recovery_target_action = 'promote'",
  ]);
  return c;
}

/** A directory owned by the Postgres user (a WAL archive). */
export function ownedDir(dir: string): string {
  mkdirFor(dir);
  return dir;
}

// ---- HAProxy ----

/** The frontend message of protocol 3.0 with `params`, then a simple query and a Terminate, as hex. */
function pgCheckHex(user: string, database: string): { send: string; expect: string } {
  const kv = Buffer.from(`user\0${user}\0database\0${database}\0\0`);
  const startup = Buffer.alloc(8 + kv.length);
  startup.writeInt32BE(startup.length, 0);
  startup.writeInt32BE(196608, 4);
  kv.copy(startup, 8);
  const text = Buffer.from('select pg_is_in_recovery()\0');
  const query = Buffer.alloc(5 + text.length);
  query.write('Q', 0);
  query.writeInt32BE(4 + text.length, 1);
  text.copy(query, 5);
  const terminate = Buffer.from([0x58, 0, 0, 0, 4]);
  // DataRow 'D', length 11, one column of length 1: 'f' (not in recovery: the primary).
  return { send: Buffer.concat([startup, query, terminate]).toString('hex'), expect: '440000000b00010000000166' };
}

/**
 * The HAProxy configuration of docs/operations.md: one listener; a server is up only while it answers
 * `pg_is_in_recovery() = f` (a primary that accepts writes), checked every 300 ms; sessions to a server that goes
 * down are cut at once; the standby is the backup server, used only once it has been promoted.
 */
export function haproxyConfig(opts: { port: number; servers: Array<{ name: string; port: number; backup?: boolean }>; checkUser: string; socket: string }): string {
  const check = pgCheckHex(opts.checkUser, 'postgres');
  return [
    'global',
    '  maxconn 2000',
    `  stats socket ${opts.socket} mode 600 level admin`,
    'defaults',
    '  mode tcp',
    '  timeout connect 2s',
    '  timeout client 30m',
    '  timeout server 30m',
    '  timeout check 1s',
    'listen postgres',
    `  bind 127.0.0.1:${opts.port}`,
    '  option tcp-check',
    '  tcp-check connect',
    `  tcp-check send-binary ${check.send}`,
    `  tcp-check expect binary ${check.expect}`,
    '  default-server inter 300ms fall 2 rise 2 on-marked-down shutdown-sessions',
    ...opts.servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check${s.backup ? ' backup' : ''}`),
    '',
  ].join('\n');
}

/** `haproxy -db` (foreground) with haproxyConfig; resolves once its port accepts connections. */
export async function startHaproxy(root: string, servers: Array<{ name: string; port: number; backup?: boolean }>, checkUser = 'haproxy_check'): Promise<Proc & { port: number }> {
  const port = await freePort();
  const file = path.join(root, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig({ port, servers, checkUser, socket: path.join(root, 'haproxy.sock') }));
  const which = await run('sh', ['-c', 'command -v haproxy']).catch(() => null);
  if (!which) throw new Error('haproxy is not installed: apt-get install haproxy (.ci/run installs it)');
  const proc = startProcess('haproxy', ['-db', '-f', file], process.env);
  const net = await import('node:net');
  await waitFor(
    () =>
      new Promise<boolean>((resolve) => {
        const s = net.connect(port, '127.0.0.1', () => (s.destroy(), resolve(true)));
        s.on('error', () => resolve(false));
      }),
    10_000,
    50,
    'haproxy to listen',
  ).catch((e) => {
    throw new Error(`${(e as Error).message}\n${proc.output()}`);
  });
  return { ...proc, port };
}

export { sleep };
