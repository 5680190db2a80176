import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { haproxyConfig } from './pg-clusters';

/**
 * The HAProxy configuration docs/operations.md gives operators is the one tests/reliability/failover.int.test.ts
 * runs: the same health check (the startup message of `haproxy_check`, `select pg_is_in_recovery()`, the row `f`),
 * intervals and options. Only the addresses differ.
 */
describe('the runbook HAProxy configuration', () => {
  it('is the tested one, line for line apart from the addresses', () => {
    const doc = readFileSync('docs/operations.md', 'utf8');
    const block = /```\nglobal\n([\s\S]*?)```/.exec(doc)?.[0];
    expect(block).toBeDefined();
    const tested = haproxyConfig({ port: 6432, servers: [{ name: 'pg1', port: 5432 }, { name: 'pg2', port: 5432, backup: true }], checkUser: 'haproxy_check', socket: '/run/haproxy/admin.sock' });
    const addresses = (s: string) => s.replace(/(bind |server \S+ )\S*:(\d+)/g, '$1ADDR:$2').trim();
    expect(addresses(block!.replace(/^```\n|```$/g, ''))).toBe(addresses(tested));
  });
});
