/**
 * `npm run build` (after `next build`): bundles the processes `npm start` runs, and the tools operators
 * call, into plain JavaScript under dist/, so that production never compiles TypeScript at run time
 * (issue 16; tsx stays for `npm run dev`, the tests and the bench):
 *
 *   dist/run.js      launcher and supervisor (scripts/run.ts)   dist/web.js     web process (scripts/web.ts)
 *   dist/worker.js   worker process (scripts/worker.ts)         dist/smpp.js    SMPP listener (scripts/smpp.ts)
 *   dist/migrate.js  npm run db:migrate (scripts/migrate.ts)    dist/cli.js     npm run admin (server/cli/main.ts)
 *
 * One self-contained ESM file per entry (our code inlined, `@/` resolved from tsconfig's paths), every
 * package in node_modules left as an import (native and dynamic loading keep working, and `next` still
 * serves .next from the working directory), source maps beside them so stack traces name the .ts lines
 * (the launcher runs everything with --enable-source-maps). dist/build.json lists the source files that
 * went in, so that anything can tell whether dist/ is older than its sources (serverBuildIsFresh).
 * Plain .mjs so that building needs no TypeScript loader either; esbuild is loaded only to build.
 *
 *   node scripts/build-server.mjs [outdir]       build (default dist/, relative to the project root)
 *   node scripts/build-server.mjs --if-missing   build only when dist/ has no build (`npm start`'s prestart)
 */
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const DIST = path.join(ROOT, 'dist');

/** dist/<name>.js <- source, relative to the project root. */
export const ENTRIES = {
  run: 'scripts/run.ts',
  web: 'scripts/web.ts',
  worker: 'scripts/worker.ts',
  smpp: 'scripts/smpp.ts',
  migrate: 'scripts/migrate.ts',
  cli: 'server/cli/main.ts',
};

/** True when `outdir` holds a complete build and none of the files that went into it changed since. */
export function serverBuildIsFresh(outdir = DIST) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(outdir, 'build.json'), 'utf8'));
  } catch {
    return false;
  }
  if (!Object.keys(ENTRIES).every((name) => existsSync(path.join(outdir, `${name}.js`)))) return false;
  return manifest.inputs.every((file) => (statSync(path.join(ROOT, file), { throwIfNoEntry: false })?.mtimeMs ?? Infinity) <= manifest.builtAt);
}

/** Bundles every entry into `outdir`; each file is written beside and renamed into place, so a process starting meanwhile reads a whole file. */
export async function buildServer(outdir = DIST) {
  const { build } = await import('esbuild');
  const builtAt = Date.now();
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: Object.entries(ENTRIES).map(([out, src]) => ({ in: src, out })),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
    metafile: true,
    write: false,
  });
  mkdirSync(outdir, { recursive: true });
  const put = (file, contents) => {
    writeFileSync(`${file}.${process.pid}.tmp`, contents);
    renameSync(`${file}.${process.pid}.tmp`, file);
  };
  for (const f of result.outputFiles) put(f.path, f.contents);
  // dist/ is ESM whatever the project's package.json says.
  put(path.join(outdir, 'package.json'), '{ "type": "module" }\n');
  const inputs = [...Object.keys(result.metafile.inputs), 'tsconfig.json'].filter((f) => !f.includes('node_modules/')).sort();
  put(path.join(outdir, 'build.json'), `${JSON.stringify({ builtAt, inputs }, null, 1)}\n`);
  return result.outputFiles.filter((f) => f.path.endsWith('.js')).reduce((n, f) => n + f.contents.length, 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ifMissing = process.argv.includes('--if-missing');
  const outdir = path.resolve(ROOT, process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'dist');
  if (ifMissing && existsSync(path.join(outdir, 'build.json'))) process.exit(0);
  if (ifMissing) console.error('[build] dist/ has no server build: building it (npm run build builds it with the web app)');
  const t0 = performance.now();
  const bytes = await buildServer(outdir);
  (ifMissing ? console.error : console.log)(
    `[build] server: ${Object.keys(ENTRIES).length} bundles in ${path.relative(ROOT, outdir) || '.'}/ ` +
      `(${(bytes / 1024).toFixed(0)} KB) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}
