import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { serverBuildIsFresh } from './build-server.mjs';

export { serverBuildIsFresh };

const SOURCES = ['app', 'server', 'shared', 'db', 'components', 'i18n', 'messages', 'next.config.mjs', 'package-lock.json', 'postcss.config.mjs'];

/** True when `.next` was built after every source file it is made from. */
export function buildIsFresh(cwd = process.cwd()): boolean {
  const id = path.join(cwd, process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID');
  if (!existsSync(id)) return false;
  const built = statSync(id).mtimeMs;
  const newest = (p: string): number =>
    statSync(p).isDirectory() ? readdirSync(p).reduce((max, e) => Math.max(max, newest(path.join(p, e))), 0) : statSync(p).mtimeMs;
  return SOURCES.map((s) => path.join(cwd, s))
    .filter((s) => existsSync(s))
    .every((s) => newest(s) < built);
}

/**
 * Runs `npm run build` unless the existing build is fresh (tests and the bench start the real service);
 * when only dist/ (the server bundles, scripts/build-server.mjs) is stale, rebuilds just that (a second).
 */
export function ensureFreshBuild(cwd = process.cwd()): void {
  const env = { ...process.env, NODE_ENV: 'production' as const };
  if (!buildIsFresh(cwd)) {
    execFileSync('npm', ['run', 'build'], { cwd, stdio: ['ignore', 'ignore', 'inherit'], env });
  } else if (!serverBuildIsFresh()) {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd, stdio: ['ignore', 'ignore', 'inherit'], env });
  }
}
