import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every SQL function the migrations define has one readable current definition in db/functions/<name>.sql,
// equal to the one the latest migration defining it creates (so nobody reads a superseded version).
const root = join(__dirname, '..');
const definition = (stmt: string) => {
  const at = stmt.search(/CREATE OR REPLACE FUNCTION/i);
  return stmt.slice(at).replace(/--[^\n]*/g, '').replace(/\s+/g, ' ').trim();
};

function latestDefinitions(): Map<string, { file: string; sql: string }> {
  const found = new Map<string, { file: string; sql: string }>();
  const files = readdirSync(join(root, 'migrations')).filter((f) => f.endsWith('.sql')).sort();
  for (const file of files) {
    for (const stmt of readFileSync(join(root, 'migrations', file), 'utf8').split('--> statement-breakpoint')) {
      const m = /CREATE OR REPLACE FUNCTION\s+([a-z_]+)/i.exec(stmt);
      if (m) found.set(m[1], { file, sql: definition(stmt) });
    }
  }
  return found;
}

describe('db/functions', () => {
  const latest = latestDefinitions();
  const files = readdirSync(__dirname).filter((f) => f.endsWith('.sql'));

  it('has one file per function the migrations define, and no other', () => {
    expect(files.map((f) => f.replace(/\.sql$/, '')).sort()).toEqual([...latest.keys()].sort());
  });

  it.each(files)('%s is the definition the latest migration creates', (file) => {
    const name = file.replace(/\.sql$/, '');
    expect(definition(readFileSync(join(__dirname, file), 'utf8'))).toBe(latest.get(name)?.sql);
  });
});
