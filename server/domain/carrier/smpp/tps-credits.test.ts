import { describe, expect, it } from 'vitest';
import { TpsCredits } from './tps-credits';

describe('TpsCredits: what the owner may send of the shared TPS budget', () => {
  it('asks at once, and again only once half of the last grant is sent', () => {
    const c = new TpsCredits();
    expect(c.wantsMore(0)).toBe(true);
    c.grant(10, 600, 0); // until 600
    expect(c.available(0)).toBe(10);
    for (let i = 0; i < 4; i++) c.use();
    expect(c.wantsMore(10)).toBe(false); // 6 left of 10
    c.use();
    expect(c.wantsMore(10)).toBe(true); // 5 left
  });

  it('a grant of the same second adds to what is left', () => {
    const c = new TpsCredits();
    c.grant(10, 600, 0); // second ends at 600
    for (let i = 0; i < 6; i++) c.use();
    c.grant(3, 590, 8); // same second: ends at 598
    expect(c.available(8)).toBe(7);
  });

  it('a grant of the next second replaces what is left of this one (it lapses, never carried over)', () => {
    const c = new TpsCredits();
    c.grant(10, 600, 0);
    for (let i = 0; i < 6; i++) c.use();
    c.grant(10, 1000, 598); // asked at 590, answered in the next second: ends at 1598
    expect(c.available(598)).toBe(10);
  });

  it('what is left at the end of the second lapses', () => {
    const c = new TpsCredits();
    c.grant(10, 600, 0);
    c.use();
    expect(c.available(599)).toBe(9);
    expect(c.available(600)).toBe(0);
  });

  it('nothing granted: no new ask before the next second', () => {
    const c = new TpsCredits();
    c.grant(4, 500, 0);
    for (let i = 0; i < 4; i++) c.use();
    c.grant(0, 480, 20); // spent: the second ends at 500
    expect(c.available(20)).toBe(0);
    expect(c.wantsMore(20)).toBe(false);
    expect(c.msToAsk(20)).toBe(480);
    expect(c.wantsMore(499)).toBe(false);
    expect(c.wantsMore(500)).toBe(true);
  });
});
