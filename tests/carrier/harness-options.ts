import type { ManagerOptions } from '@/server/domain/carrier/manager';

/** Fast timings for tests: the same code as the worker's, shorter waits (the simulator: no delay, the sandbox's numbers). */
export const FAST: ManagerOptions = {
  tickMs: 100, sweepMs: 100, graceS: 1, respTimeoutMs: 1500, flushMs: 10,
  simulator: { delayMs: 0, validityS: 60, failureRate: 0, magicNumbers: true },
};
