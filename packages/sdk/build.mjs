// Builds the SDK to dist/: one ESM file with its two libraries (openapi-fetch, standardwebhooks) bundled in, so the
// package installs with nothing else, and the .d.ts files from tsc. Run from the repository (`npm run sdk:build`):
// the libraries, esbuild and typescript come from its node_modules.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));
const dist = fileURLToPath(new URL('./dist/', import.meta.url));
rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [fileURLToPath(new URL('./src/index.ts', import.meta.url))],
  outfile: `${dist}index.js`,
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  mainFields: ['module', 'main'],
  target: 'es2022',
  logLevel: 'warning',
});
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', `${here}tsconfig.json`], { stdio: 'inherit' });
