import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * Code, comments, tests and docs cite contract decisions by number (`D7`,
 * `D14's receipts`); docs/decisions.md defines each one under a `## D<n>. Title`
 * heading. These checks fail when a number is cited somewhere in the tracked
 * sources and docs but has no section there.
 */
const root = process.cwd();
const SCANNED = ['server', 'shared', 'app', 'components', 'db', 'scripts', 'bench', 'tests', 'e2e', 'docs', 'README.md'];
/** Text we write by hand; data (JSON, migration snapshots) and images are not citations. */
const TEXT_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs|sql|md|css|pl|sh)$/;
/** `D` and one or two digits standing alone: not inside a word, a hex literal (`0xD1`) or a colour (`#D1D5DB`). */
const CITATION = /(?<!\w)D(\d{1,2})(?!\w)/g;

const doc = readFileSync(path.join(root, 'docs', 'decisions.md'), 'utf8');
const headings = [...doc.matchAll(/^## D(\d{1,2})\. \S/gm)].map((m) => Number(m[1]));

/** Each cited decision number with the first tracked file that cites it. */
function citations(): Map<number, string> {
  const files = execFileSync('git', ['ls-files', '-z', '--', ...SCANNED], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((f) => TEXT_FILE.test(f));
  const cited = new Map<number, string>();
  for (const file of files) {
    for (const m of readFileSync(path.join(root, file), 'utf8').matchAll(CITATION)) {
      const n = Number(m[1]);
      if (!cited.has(n)) cited.set(n, file);
    }
  }
  return cited;
}

describe('docs/decisions.md defines every decision the repository cites', () => {
  test('its sections are D1, D2, ... in order, each once', () => {
    expect(headings.length).toBeGreaterThan(0);
    expect(headings).toEqual(headings.map((_, i) => i + 1));
  });

  test('every cited D<n> has a section', () => {
    const cited = citations();
    // the scan itself works: the contract's first decisions are cited all over the code
    expect([1, 2, 7, 14].filter((n) => !cited.has(n))).toEqual([]);
    const defined = new Set(headings);
    const missing = [...cited].filter(([n]) => !defined.has(n)).map(([n, file]) => `D${n} (cited in ${file})`);
    expect(missing).toEqual([]);
  });
});
