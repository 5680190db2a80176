import { expect } from 'vitest';
import type { Db } from '@/db/client';
import { runCli } from '@/server/cli/run-cli';
import type { Env } from '@/server/env';

/**
 * The operator CLI (`npm run admin`) run in-process against a test database. `cli` returns the exit code and what
 * was printed; `ok` expects success and parses the `--json` output; `refused` expects a refusal (exit 2, one
 * `error:` line, nothing on stdout) that changed nothing `snapshot` reads (the rows the command could write).
 */
export function cliHarness(db: Db, env: Env, snapshot?: () => Promise<string>) {
  async function cli(argv: string[], e: Env = env) {
    let out = '';
    let err = '';
    const code = await runCli(argv, { db, env: e, stdout: (s) => (out += s), stderr: (s) => (err += s) });
    return { code, out, err };
  }
  async function ok(...argv: string[]) {
    const r = await cli([...argv, '--json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    return JSON.parse(r.out);
  }
  async function refused(argv: string[], e: Env = env): Promise<string> {
    if (!snapshot) throw new Error('refused() proves nothing was written by a snapshot: pass one to cliHarness');
    const before = await snapshot();
    const r = await cli([...argv, '--json'], e);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/^error: [^\n]+\n$/);
    expect(await snapshot()).toBe(before);
    return r.err;
  }
  return { cli, ok, refused };
}
