import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePools } from '../helpers';
import { ensureBuild, freePort, startService, waitFor, type Service } from './service';

/**
 * Issue 16: production compiles no TypeScript at run time. `npm run build` bundles the launcher, the web,
 * worker and SMPP processes, migrate and the CLI into dist/ (scripts/build-server.mjs); `npm start` runs
 * dist/run.js, which starts its children from dist/. Every process of the tree gets a module hook (through
 * NODE_OPTIONS, which children inherit) that fails any resolution of a .ts file or of tsx, so the service
 * would not come up if anything still went through TypeScript.
 */
const run = promisify(execFile);
const hooks = `export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  if (/\\.[cm]?tsx?$/.test(new URL(r.url).pathname) || r.url.includes('/node_modules/tsx/')) throw new Error('TypeScript at run time: ' + r.url);
  return r;
}`;
const register = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});`;
const NO_TS = `--import=data:text/javascript,${encodeURIComponent(register)}`;
let svc: Service | undefined;

beforeAll(async () => {
  await ensureBuild(); // .next and dist/ (npm run build), or only dist/ when just the server sources changed
}, 300_000);
afterAll(async () => {
  await svc?.stop();
  await closePools();
});

describe('the compiled runtime (dist/)', () => {
  it('the hook does fail TypeScript: tsx cannot load under it', async () => {
    const r = await run(process.execPath, ['--import', 'tsx', '-e', '0'], { env: { ...process.env, NODE_OPTIONS: NO_TS } }).catch((e) => e);
    expect(String(r.stderr)).toMatch(/TypeScript at run time/);
  });

  it('node dist/cli.js help runs with plain node, no TypeScript loaded', async () => {
    const { stdout } = await run(process.execPath, ['dist/cli.js', 'help'], { env: { ...process.env, NODE_OPTIONS: NO_TS } });
    expect(stdout).toMatch(/^usage: npm run admin -- <command>/);
  });

  it('npm start runs dist/run.js, which starts web, worker and SMPP listener from dist/ (no tsx anywhere)', async () => {
    const smpp = await freePort();
    svc = await startService({ NODE_OPTIONS: NO_TS, LOG_LEVEL: 'info', WORKER: 'on', SMPP_PORT: String(smpp) });
    const started = await waitFor(async () => {
      const lines = svc!.output().split('\n').filter((l) => l.includes('"msg":"process started"'));
      return lines.length >= 3 ? lines : null;
    }, 30_000, 100, 'three children');
    const scripts = started.map((l) => JSON.parse(l).script as string).sort();
    expect(scripts.map((s) => s.replace(/^.*\/(dist\/)/, '$1'))).toEqual(['dist/smpp.js', 'dist/web.js', 'dist/worker.js']);

    const { stdout } = await run('ps', ['-o', 'pgid=,args=', '-e']);
    const tree = stdout
      .split('\n')
      .map((l) => /^\s*(\d+)\s+(.*)$/.exec(l))
      .filter((m): m is RegExpExecArray => !!m && Number(m[1]) === svc!.child.pid)
      .map((m) => m[2]);
    expect(tree.some((a) => /^\S*node .*dist\/run\.js start/.test(a))).toBe(true);
    expect(tree.filter((a) => /tsx|esbuild|\.ts\b/.test(a))).toEqual([]);
  }, 120_000);
});
