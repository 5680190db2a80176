import type { MessageStatus } from '@/shared/contracts/send';

/** What the refresh rule reads of a send: its status (D5), its deliveries not yet final, when its next send is due. */
export type Progress = Pick<MessageStatus, 'status' | 'pending' | 'next_dispatch_at'>;

export const FAST_REFRESH_MS = 2_000;
export const SLOW_REFRESH_MS = 15_000;

/**
 * How often a page showing this send asks again: every 2 s while deliveries move (being delivered, or the next send
 * due within a minute), every 15 s while it waits (paused, or its next send further away), never once every
 * delivery is final. The message page, the Messages list and the Overview all follow it.
 */
export function refreshEvery(s: Progress, now = Date.now()): number | false {
  if (s.pending === 0) return false;
  if (s.status === 'paused') return SLOW_REFRESH_MS;
  const next = s.next_dispatch_at ? Date.parse(s.next_dispatch_at) : null;
  return s.status === 'processing' || next === null || next - now < 60_000 ? FAST_REFRESH_MS : SLOW_REFRESH_MS;
}

/** A page showing several sends asks as often as its busiest one needs, and not at all when none is in progress. */
export function refreshEveryOf(sends: Progress[], now = Date.now()): number | false {
  let every: number | false = false;
  for (const s of sends) {
    const one = refreshEvery(s, now);
    if (one !== false && (every === false || one < every)) every = one;
  }
  return every;
}


/** How often a list of sends asks again while nothing it shows is in progress, so that a send made elsewhere appears. */
export const FOLLOW_NEW_MS = 10_000;

/**
 * The Messages list's first page and the Overview follow new sends (issue 44): besides the rule above, they ask at
 * least every 10 s, so a send made through the API (or another tab) shows within 15 s without a reload. Only while
 * the tab is visible: their queries set refetchIntervalInBackground false, so a hidden tab asks nothing.
 */
export function followEvery(every: number | false): number {
  return every === false ? FOLLOW_NEW_MS : Math.min(every, FOLLOW_NEW_MS);
}
