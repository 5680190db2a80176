/**
 * `npm run admin` and `npm run db:migrate`: runs the compiled entry (dist/<name>.js, `npm run build`) when
 * dist/ holds a build at least as new as every source file that went into it, else the TypeScript source
 * with tsx, in this same process either way. So a production checkout never compiles TypeScript for them,
 * and a clone that has not been built yet (tests, a developer editing a command) still runs the code it has.
 *
 *   node scripts/prefer-dist.mjs cli|migrate [args...]
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST, ENTRIES, ROOT, serverBuildIsFresh } from './build-server.mjs';

const name = process.argv[2];
if (!name || !Object.hasOwn(ENTRIES, name)) {
  console.error(`usage: node scripts/prefer-dist.mjs ${Object.keys(ENTRIES).join('|')} [args...]`);
  process.exit(2);
}
process.argv.splice(2, 1); // the entry sees its own arguments at process.argv[2...]
if (serverBuildIsFresh()) {
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(path.join(DIST, `${name}.js`)).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(ROOT, ENTRIES[name])).href);
}
