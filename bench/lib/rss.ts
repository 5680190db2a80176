import { readFileSync, readdirSync } from 'node:fs';

/**
 * Resident memory of whole process trees (npm, the launcher, the web and
 * worker processes it supervises, and their children), from /proc/<pid>/status VmRSS, sampled on a
 * timer. Shared pages count once per process, so this is an upper bound.
 */
function children(): Map<number, number[]> {
  const byParent = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = byParent.get(ppid) ?? [];
      list.push(Number(name));
      byParent.set(ppid, list);
    } catch {
      /* exited meanwhile */
    }
  }
  return byParent;
}

function rssKb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

const WEB_ROLE = 'web (Next + REST listener)';

/** What a process of the tree is: the npm/sh/tsx wrappers, or the service itself. */
function roleOf(pid: number): string {
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
    if (/scripts\/web\.ts|dist\/web\.js/.test(cmd) || cmd.startsWith('next-server')) return WEB_ROLE;
    if (/^npm |[/ ]npm-cli\.js/.test(cmd) || cmd.startsWith('sh -c') || cmd.includes('node_modules/.bin/tsx')) return 'wrappers (npm, sh)';
    if (/scripts\/worker\.ts|dist\/worker\.js/.test(cmd)) return 'worker';
    if (/scripts\/smpp\.ts|dist\/smpp\.js/.test(cmd)) return 'smpp';
    return 'launcher';
  } catch {
    return 'gone';
  }
}

/** RSS in MB of each root's tree, summed; `byRole` gets each process's share by role. */
export function treeRssMb(roots: number[], byRole?: Record<string, number>): number {
  let kb = 0;
  for (const pid of treeOf(roots)) {
    const k = rssKb(pid);
    kb += k;
    if (byRole) {
      const role = roleOf(pid);
      byRole[role] = (byRole[role] ?? 0) + k / 1024;
    }
  }
  return kb / 1024;
}

export type RssSampler = {
  peakMb: () => number;
  /** Peak of the service's own processes (web, worker, launcher, SMPP listener), npm and sh left out. */
  peakServiceMb: () => number;
  /** Peak of the web and worker processes together (issue 16's memory target). */
  peakWebWorkerMb: () => number;
  peakByGroup: () => Record<string, number>;
  /** RSS by role at the moment of the peak. */
  atPeak: () => Record<string, number>;
  /** Peak total per phase (see phase()). */
  peakByPhase: () => Record<string, number>;
  phase: (name: string) => void;
  stop: () => void;
};

/** Samples every `everyMs` the trees of the live roots; the peak of their sum is what counts. */
export function sampleRss(roots: () => Record<string, number | undefined>, everyMs = 250): RssSampler {
  let peak = 0;
  let peakService = 0;
  let peakWebWorker = 0;
  let current = 'start';
  const byPhase: Record<string, number> = {};
  let rolesAtPeak: Record<string, number> = {};
  const peakBy: Record<string, number> = {};
  const tick = () => {
    let total = 0;
    const roles: Record<string, number> = {};
    for (const [group, pid] of Object.entries(roots())) {
      if (!pid) continue;
      const mb = treeRssMb([pid], roles);
      peakBy[group] = Math.max(peakBy[group] ?? 0, mb);
      total += mb;
    }
    byPhase[current] = Math.max(byPhase[current] ?? 0, total);
    const service = Object.entries(roles).filter(([role]) => !role.startsWith('wrappers')).reduce((a, [, mb]) => a + mb, 0);
    peakService = Math.max(peakService, service);
    peakWebWorker = Math.max(peakWebWorker, (roles[WEB_ROLE] ?? 0) + (roles.worker ?? 0));
    if (total > peak) {
      peak = total;
      rolesAtPeak = roles;
    }
  };
  tick();
  const timer = setInterval(tick, everyMs);
  return {
    peakMb: () => peak,
    peakServiceMb: () => peakService,
    peakWebWorkerMb: () => peakWebWorker,
    peakByGroup: () => ({ ...peakBy }),
    atPeak: () => ({ ...rolesAtPeak }),
    peakByPhase: () => ({ ...byPhase }),
    phase: (name: string) => {
      tick();
      current = name;
    },
    stop: () => clearInterval(timer),
  };
}

const read = (pid: number) => {
  const tick = 100; // USER_HZ on Linux
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').slice(0);
    const rest = f.slice(f.lastIndexOf(')') + 2).split(' ');
    const user = Number(rest[11]) / tick;
    const system = Number(rest[12]) / tick;
    // (its start time, in ticks since boot: a pid reused by a new process has another)
    return { name: f.slice(f.indexOf('(') + 1, f.lastIndexOf(')')), cpu: user + system, user, system, start: rest[19] };
  } catch {
    return { name: '', cpu: 0, user: 0, system: 0, start: '' };
  }
};

/** CPU seconds (user + system) used so far by one process (not its children). */
export function processCpuSeconds(pid: number): number {
  return read(pid).cpu;
}

/** CPU seconds in user and in system mode used so far by one process (not its children). */
export function processCpuSplit(pid: number): { user: number; system: number } {
  const { user, system } = read(pid);
  return { user, system };
}

/** The web process in `root`'s tree (root itself when it is one); root when there is none. */
export function webProcess(root: number): number {
  return processOfRole(root, WEB_ROLE);
}

/** The first process of `role` in `root`'s tree (root itself when it is one); root when there is none. */
export function processOfRole(root: number, role: string): number {
  const byParent = children();
  const stack = [root];
  while (stack.length) {
    const pid = stack.shift()!;
    if (roleOf(pid) === role) return pid;
    stack.push(...(byParent.get(pid) ?? []));
  }
  return root;
}

/** Read and write system calls one process has made so far (/proc/<pid>/io); zeros once it is gone. */
export function processSyscalls(pid: number): { reads: number; writes: number } {
  try {
    const io = readFileSync(`/proc/${pid}/io`, 'utf8');
    return { reads: Number(/^syscr: (\d+)/m.exec(io)?.[1] ?? 0), writes: Number(/^syscw: (\d+)/m.exec(io)?.[1] ?? 0) };
  } catch {
    return { reads: 0, writes: 0 };
  }
}

/** Every process of `roots`' trees (each once). */
function treeOf(roots: number[]): number[] {
  const byParent = children();
  const seen = new Set<number>();
  const stack = [...roots];
  while (stack.length) {
    const pid = stack.pop()!;
    if (seen.has(pid)) continue;
    seen.add(pid);
    stack.push(...(byParent.get(pid) ?? []));
  }
  return [...seen];
}

/**
 * CPU seconds (user + system, /proc/<pid>/stat) used so far by the web and worker roles of `roots`' trees, by the postgres
 * backends of this run's database and by this process, for CPU per request over a load phase (difference of two readings).
 */
export function cpuSeconds(roots: number[]): { web: number; worker: number; postgres: number; self: number } {
  let web = 0;
  let worker = 0;
  for (const pid of treeOf(roots)) {
    const role = roleOf(pid);
    if (role.startsWith('web')) web += read(pid).cpu;
    else if (role === 'worker') worker += read(pid).cpu;
  }
  const u = process.cpuUsage();
  return { web, worker, postgres: postgresCpuSeconds(), self: (u.user + u.system) / 1e6 };
}

/** Last CPU reading of each postgres backend seen, and the CPU of every backend counted so far (see postgresCpuSeconds). */
const backendCpu = new Map<number, number>();
let backendCpuTotal = 0;
let backendTimer: NodeJS.Timeout | undefined;

/** Adds each backend's CPU since its last reading to the running total; a backend that has exited keeps what it had. */
function sampleBackends(db: RegExp): void {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    try {
      const title = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (!db.test(title) || title.includes('autovacuum')) continue;
      const r = read(pid);
      if (!r.name) continue; // exited between the two reads
      const cpu = r.cpu;
      const before = backendCpu.get(pid) ?? 0;
      if (cpu >= before) backendCpuTotal += cpu - before;
      else backendCpuTotal += cpu; // the pid was reused by a new backend
      backendCpu.set(pid, cpu);
    } catch {
      /* exited meanwhile */
    }
  }
}

/**
 * CPU seconds used so far by the postgres backends of the bench's databases only (their title names it: this run's
 * database, or its suffixed ones, freshDatabase), so that other work on a shared server is left out; the shared WAL
 * writer, checkpointer and autovacuum workers are not counted. A running total, monotone: backends are read every
 * 200 ms once this is first called, so one that exits between two readings of a phase keeps the CPU it used rather than
 * taking it out of the difference. `except`: backends left out (the bench's own polling connection) — their CPU is
 * read now and taken off.
 */
export function postgresCpuSeconds(except: number[] = []): number {
  const db = new RegExp(` sms_bench_${process.pid}(_[a-z]+)? `);
  if (!backendTimer) {
    backendTimer = setInterval(() => sampleBackends(db), 200);
    backendTimer.unref();
  }
  sampleBackends(db);
  let excluded = 0;
  for (const pid of except) excluded += backendCpu.get(pid) ?? 0;
  return backendCpuTotal - excluded;
}

/** CPU seconds used so far by every process of `roots`' trees but the npm and sh wrappers: the service itself. */
export function serviceCpuSeconds(roots: number[]): number {
  let cpu = 0;
  for (const pid of treeOf(roots)) if (!roleOf(pid).startsWith('wrappers')) cpu += read(pid).cpu;
  return cpu;
}

/** The name a process is shown by: a postgres process's title (its role, database, state), a service role, or its command. */
function processLabel(pid: number, name: string): string {
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    // (a backend's title without its client port: the backends of one database and state count together)
    if (cmd.startsWith('postgres:')) return cmd.replace(/\(\d+\)/, '').replace(/\s+/g, ' ').slice(0, 90);
    if (name === 'node' || name.startsWith('next-server')) {
      const role = roleOf(pid);
      // (a node process outside the service, this bench among them: its script, as the command line names it)
      const script = cmd.split(' ').filter((a) => /\.[cm]?[jt]s$/.test(a) && !a.includes('node_modules')).pop() ?? cmd.split(' ')[1] ?? '';
      return role === 'launcher' ? `node ${script.split('/').slice(-2).join('/')} (${pid})` : `node ${role}`;
    }
  } catch {
    /* exited meanwhile */
  }
  return name;
}

/**
 * Every process's CPU on this machine over a window (user + system from /proc/<pid>/stat, kernel threads included),
 * and the machine's busy share (/proc/stat): `top` names the processes that took the most, in % of one core. For a
 * row that moves between runs, it says which process (an autovacuum worker, the kernel's writeback, another
 * database's backend) shared the cores with the load.
 */
export function machineCpu(): { top: (n?: number) => string } {
  const busy = () => {
    const [, ...f] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const idle = f[3] + f[4];
    return { idle, total: f.reduce((a, b) => a + b, 0) };
  };
  // each process's CPU so far, keyed by pid and start time (a pid may be reused; a kernel worker's name changes)
  const snapshot = () => {
    const m = new Map<string, { pid: number; name: string; cpu: number }>();
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      const r = read(Number(name));
      if (r.name) m.set(`${name}:${r.start}`, { pid: Number(name), name: r.name, cpu: r.cpu });
    }
    return m;
  };
  const t0 = performance.now();
  const b0 = busy();
  const s0 = snapshot();
  return {
    top: (n = 6) => {
      const secs = (performance.now() - t0) / 1000;
      const b1 = busy();
      const used = new Map<string, number>();
      for (const [key, r] of snapshot()) {
        const d = r.cpu - (s0.get(key)?.cpu ?? 0);
        if (d <= 0) continue;
        const label = processLabel(r.pid, r.name.replace(/-.*$/, ''));
        used.set(label, (used.get(label) ?? 0) + d);
      }
      const share = 1 - (b1.idle - b0.idle) / Math.max(1, b1.total - b0.total);
      const tops = [...used].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${k} ${((100 * v) / secs).toFixed(0)}%`);
      return `machine ${(100 * share).toFixed(0)}% busy; ${tops.join(', ')}`;
    },
  };
}
