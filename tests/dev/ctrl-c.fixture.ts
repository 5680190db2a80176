import { it } from 'vitest';

// Runs only under ctrl-c.vitest.config.ts: a test still running when Ctrl-C comes.
it('waits to be interrupted', () => new Promise((r) => setTimeout(r, 100_000)));
