import { describe, expect, it, vi } from 'vitest';
import { resilient } from './postgres-js';

/**
 * Defect 3 of postgres.js (server/lib/postgres-js.ts): a connection whose deferred write outlived its socket throws
 * from a timer and never writes again. Every resilient pool of the process is replaced then (the exception does not
 * say whose connection it was): a worker's connector pool as well as the shared one, so that neither is left with a
 * connection on which queries wait forever (the recorder of an SMPP connector after a database failover). One
 * handler for all of them, so that any other uncaught exception still ends a process that has no handler of its own.
 */
function poisonedWrite(): TypeError {
  const err = new TypeError("Cannot read properties of null (reading 'write')");
  err.stack = `${err.message}\n    at Timeout.nextWrite (/app/node_modules/postgres/src/connection.js:250:14)`;
  return err;
}

describe('resilient pools', () => {
  it('a poisoned write replaces every resilient pool, with one process handler for all', () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const handlers = process.listenerCount('uncaughtException');
    let made = 0;
    const ended: number[] = [];
    const make = () => {
      const id = ++made;
      return { id, $client: { end: async () => void ended.push(id) } as never };
    };
    const shared = resilient(make);
    const connectors = resilient(make);
    expect(process.listenerCount('uncaughtException')).toBe(handlers + 1);
    expect([shared.id, connectors.id]).toEqual([1, 2]);

    for (const handler of process.listeners('uncaughtException').slice(handlers)) handler(poisonedWrite(), 'uncaughtException');
    expect([shared.id, connectors.id]).toEqual([3, 4]);
    expect(ended).toEqual([1, 2]);
  });
});
