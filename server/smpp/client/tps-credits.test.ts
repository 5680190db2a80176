import { describe, expect, it } from 'vitest';
import { TpsCredits } from './tps-credits';

/** takeTps' answer for slice `slice` (its start, ms) ending `msToSliceEnd` after the answer. */
const answer = (granted: number, left: number, slice: number, msToSliceEnd: number) => ({ granted, left, slice, msToSliceEnd });

describe('TpsCredits: what the owner may send of the shared TPS budget, slice by slice', () => {
  it('asks at once, and again only once half of the last grant is sent', () => {
    const c = new TpsCredits();
    expect(c.wantsMore(0)).toBe(true);
    c.grant(answer(10, 5, 1000, 40), 0); // until 40
    expect(c.available(0)).toBe(10);
    for (let i = 0; i < 4; i++) c.use();
    expect(c.wantsMore(10)).toBe(false); // 6 left of 10
    c.use();
    expect(c.wantsMore(10)).toBe(true); // 5 left
  });

  it('a grant of the same slice adds to what is left', () => {
    const c = new TpsCredits();
    c.grant(answer(10, 5, 1000, 40), 0);
    for (let i = 0; i < 6; i++) c.use();
    c.grant(answer(3, 2, 1000, 30), 8); // the same slice: it ends at 38
    expect(c.available(8)).toBe(7);
  });

  it('a grant of the next slice replaces what is left of this one (it lapses, never carried over)', () => {
    const c = new TpsCredits();
    c.grant(answer(10, 5, 1000, 40), 0);
    for (let i = 0; i < 6; i++) c.use();
    c.grant(answer(10, 0, 1050, 49), 39); // asked at 37, answered in the next slice: ends at 88
    expect(c.available(39)).toBe(10);
    expect(c.available(88)).toBe(0);
  });

  it('what is left at the end of the slice lapses', () => {
    const c = new TpsCredits();
    c.grant(answer(10, 0, 1000, 40), 0);
    c.use();
    expect(c.available(39)).toBe(9);
    expect(c.available(40)).toBe(0);
  });

  it('a slice with nothing left: no new ask before it ends, whether this grant took the rest or found none', () => {
    const took = new TpsCredits();
    took.grant(answer(4, 0, 1000, 40), 0); // the slice's last 4
    for (let i = 0; i < 4; i++) took.use();
    expect(took.wantsMore(20)).toBe(false);
    expect(took.msToAsk(20)).toBe(20);
    expect(took.wantsMore(40)).toBe(true);

    const none = new TpsCredits();
    none.grant(answer(0, 0, 1000, 30), 20); // spent by another process: the slice ends at 50
    expect(none.available(20)).toBe(0);
    expect(none.wantsMore(20)).toBe(false);
    expect(none.msToAsk(20)).toBe(30);
    expect(none.wantsMore(49)).toBe(false);
    expect(none.wantsMore(50)).toBe(true);
  });
});
