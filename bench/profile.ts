/**
 * Summarises a V8 .cpuprofile (from `npm run bench -- --profile`):
 *   npx tsx bench/profile.ts bench/profiles/web.*.cpuprofile [--top 30] [--focus name]
 * Prints self time by function and by package/file, and the inclusive time of
 * the functions whose name contains --focus.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] };
type Profile = { nodes: Node[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '30' }, focus: { type: 'string', multiple: true } } });
const top = Number(values.top);

for (const file of positionals) {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  const total = (p.endTime - p.startTime) / 1000;
  const where = (n: Node) => {
    const url = n.callFrame.url.replace(/^file:\/\//, '').replace(process.cwd() + '/', '');
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
    return pkg ?? (url || '(native)');
  };
  const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
  const fns = new Map<string, number>();
  const files = new Map<string, number>();
  for (const [id, us] of self) {
    const n = byId.get(id)!;
    add(fns, `${n.callFrame.functionName || '(anonymous)'}  ${where(n)}:${n.callFrame.lineNumber + 1}`, us);
    add(files, where(n), us);
  }
  const show = (title: string, m: Map<string, number>) => {
    console.log(`\n${title}`);
    for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${(us / 1000).toFixed(0).padStart(8)} ms ${((us / 1000 / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
  };
  console.log(`${file}: ${total.toFixed(0)} ms profiled`);
  show('self time by package / file', files);
  show('self time by function', fns);

  for (const focus of values.focus ?? []) {
    // Inclusive time: samples whose stack contains a matching frame (counted once per sample).
    const parent = new Map<number, number>();
    for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    let us = 0;
    p.samples.forEach((id, i) => {
      for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
        if (byId.get(cur)!.callFrame.functionName.includes(focus)) {
          us += p.timeDeltas[i] ?? 0;
          break;
        }
      }
    });
    console.log(`\ninclusive "${focus}": ${(us / 1000).toFixed(0)} ms (${((us / 1000 / total) * 100).toFixed(1)}%)`);
  }
}
