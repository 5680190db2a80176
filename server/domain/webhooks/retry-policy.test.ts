import { describe, expect, it } from 'vitest';
import { nextStep, outcomeOf } from './retry-policy';

const SCHEDULE = [30_000, 120_000, 600_000, 3_600_000]; // D10: 30 s, 2 min, 10 min, 1 h
const NOW = new Date('2026-11-21T10:00:00.000Z');

describe('outcomeOf (D10)', () => {
  it.each([
    [200, 'ack'],
    [201, 'ack'],
    [204, 'ack'],
    [299, 'ack'],
    [301, 'permanent'],
    [302, 'permanent'],
    [307, 'permanent'],
    [400, 'permanent'],
    [401, 'permanent'],
    [410, 'permanent'],
    [429, 'permanent'],
    [499, 'permanent'],
    [500, 'retry'],
    [502, 'retry'],
    [503, 'retry'],
    [599, 'retry'],
    [null, 'retry'],
  ] as const)('%s -> %s', (code, outcome) => {
    expect(outcomeOf(code)).toBe(outcome);
  });
});

describe('nextStep', () => {
  it('an acknowledged attempt succeeds whatever its number', () => {
    expect(nextStep('ack', 1, SCHEDULE, NOW)).toEqual({ state: 'succeeded' });
    expect(nextStep('ack', 5, SCHEDULE, NOW)).toEqual({ state: 'succeeded' });
  });

  it('a permanent failure fails at once', () => {
    expect(nextStep('permanent', 1, SCHEDULE, NOW)).toEqual({ state: 'failed' });
    expect(nextStep('permanent', 3, SCHEDULE, NOW)).toEqual({ state: 'failed' });
  });

  it('retries follow the schedule: attempt n waits schedule[n - 1]', () => {
    const at = (n: number) => nextStep('retry', n, SCHEDULE, NOW);
    expect(at(1)).toEqual({ state: 'pending', nextAttemptAt: new Date('2026-11-21T10:00:30.000Z') });
    expect(at(2)).toEqual({ state: 'pending', nextAttemptAt: new Date('2026-11-21T10:02:00.000Z') });
    expect(at(3)).toEqual({ state: 'pending', nextAttemptAt: new Date('2026-11-21T10:10:00.000Z') });
    expect(at(4)).toEqual({ state: 'pending', nextAttemptAt: new Date('2026-11-21T11:00:00.000Z') });
  });

  it('the initial attempt plus every retry failed (5 attempts): failed', () => {
    expect(nextStep('retry', 5, SCHEDULE, NOW)).toEqual({ state: 'failed' });
    expect(nextStep('retry', 6, SCHEDULE, NOW)).toEqual({ state: 'failed' });
  });

  it('an empty schedule means one attempt only', () => {
    expect(nextStep('retry', 1, [], NOW)).toEqual({ state: 'failed' });
  });

  it('rejects an attempt number below 1', () => {
    expect(() => nextStep('retry', 0, SCHEDULE, NOW)).toThrow(RangeError);
  });
});
