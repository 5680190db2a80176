import { readFileSync, readdirSync } from 'node:fs';

/**
 * Resident memory of whole process trees (npm, the tsx launcher, next-server,
 * the worker and their children), from /proc/<pid>/status VmRSS, sampled on a
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

/** RSS in MB of each root's tree, summed. */
export function treeRssMb(roots: number[]): number {
  const byParent = children();
  let kb = 0;
  const seen = new Set<number>();
  const stack = [...roots];
  while (stack.length) {
    const pid = stack.pop()!;
    if (seen.has(pid)) continue;
    seen.add(pid);
    kb += rssKb(pid);
    stack.push(...(byParent.get(pid) ?? []));
  }
  return kb / 1024;
}

export type RssSampler = { peakMb: () => number; peakByGroup: () => Record<string, number>; stop: () => void };

/** Samples every `everyMs` the trees of the live roots; the peak of their sum is what counts. */
export function sampleRss(roots: () => Record<string, number | undefined>, everyMs = 250): RssSampler {
  let peak = 0;
  const peakBy: Record<string, number> = {};
  const tick = () => {
    let total = 0;
    for (const [group, pid] of Object.entries(roots())) {
      if (!pid) continue;
      const mb = treeRssMb([pid]);
      peakBy[group] = Math.max(peakBy[group] ?? 0, mb);
      total += mb;
    }
    peak = Math.max(peak, total);
  };
  tick();
  const timer = setInterval(tick, everyMs);
  return { peakMb: () => peak, peakByGroup: () => ({ ...peakBy }), stop: () => clearInterval(timer) };
}
