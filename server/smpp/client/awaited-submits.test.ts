import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AwaitedSubmits, type SubmitResult } from './awaited-submits';

describe('AwaitedSubmits', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('settles each once: its answer, else timeout after the wait, else dropped with the connection', () => {
    const got: Array<[number, SubmitResult]> = [];
    const a = new AwaitedSubmits(1000);
    for (const seq of [1, 2, 3, 4]) a.add(seq, (r) => got.push([seq, r]));
    a.settle(1, { status: 0, messageId: 'm1' });
    a.settle(1, { status: 0, messageId: 'again' });
    vi.advanceTimersByTime(500);
    a.add(5, (r) => got.push([5, r]));
    vi.advanceTimersByTime(600);
    a.settle(2, { status: 0, messageId: 'late' });
    expect(a.size).toBe(1);
    a.dropAll();
    expect(got).toEqual([
      [1, { status: 0, messageId: 'm1' }],
      [2, { status: 'timeout' }],
      [3, { status: 'timeout' }],
      [4, { status: 'timeout' }],
      [5, { status: 'dropped' }],
    ]);
  });
});
