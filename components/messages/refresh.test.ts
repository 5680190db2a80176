import { describe, expect, it } from 'vitest';
import { FAST_REFRESH_MS, FOLLOW_NEW_MS, followEvery, refreshEvery, refreshEveryOf, SLOW_REFRESH_MS, type Progress } from './refresh';

const NOW = Date.parse('2026-11-21T10:00:00Z');
const at = (seconds: number) => new Date(NOW + seconds * 1000).toISOString();
const send = (p: Partial<Progress>): Progress => ({ status: 'processing', pending: 3, next_dispatch_at: null, ...p });

describe('refreshEvery: the message page rule', () => {
  it.each<[string, Progress, number | false]>([
    ['every delivery final', send({ status: 'delivered', pending: 0 }), false],
    ['being delivered', send({}), FAST_REFRESH_MS],
    ['immediate, not picked up yet', send({ status: 'pending' }), FAST_REFRESH_MS],
    ['next send within a minute', send({ status: 'pending', next_dispatch_at: at(59) }), FAST_REFRESH_MS],
    ['next send further away', send({ status: 'pending', next_dispatch_at: at(61) }), SLOW_REFRESH_MS],
    ['paused', send({ status: 'paused', next_dispatch_at: at(5) }), SLOW_REFRESH_MS],
  ])('%s', (_, s, expected) => expect(refreshEvery(s, NOW)).toBe(expected));
});

describe('refreshEveryOf: a page of sends', () => {
  it('asks as often as its busiest send needs', () => {
    expect(refreshEveryOf([send({ status: 'paused' }), send({ status: 'delivered', pending: 0 }), send({})], NOW)).toBe(FAST_REFRESH_MS);
    expect(refreshEveryOf([send({ status: 'pending', next_dispatch_at: at(3600) }), send({ status: 'failed', pending: 0 })], NOW)).toBe(SLOW_REFRESH_MS);
  });

  it('stops when nothing shown is in progress', () => {
    expect(refreshEveryOf([send({ status: 'delivered', pending: 0 }), send({ status: 'cancelled', pending: 0 })], NOW)).toBe(false);
    expect(refreshEveryOf([], NOW)).toBe(false);
  });
});

describe('followEvery: lists that follow new sends (issue 44)', () => {
  it('asks at least every 10 s, so a new send shows within 15 s; faster when a send shown moves', () => {
    expect(FOLLOW_NEW_MS).toBeLessThan(15_000);
    expect(followEvery(false)).toBe(FOLLOW_NEW_MS);
    expect(followEvery(SLOW_REFRESH_MS)).toBe(FOLLOW_NEW_MS);
    expect(followEvery(FAST_REFRESH_MS)).toBe(FAST_REFRESH_MS);
  });
});
