import { describe, expect, it } from 'vitest';
import { exceedsJsonDepth, MAX_JSON_DEPTH } from './json-depth';

const bytes = (s: string) => Buffer.from(s, 'utf8');
const nested = (n: number, open = '[', close = ']') => open.repeat(n) + close.repeat(n);

describe('exceedsJsonDepth', () => {
  it('counts arrays and objects, up to the limit inclusive', () => {
    expect(exceedsJsonDepth(bytes(nested(MAX_JSON_DEPTH)))).toBe(false);
    expect(exceedsJsonDepth(bytes(nested(MAX_JSON_DEPTH + 1)))).toBe(true);
    expect(exceedsJsonDepth(bytes('{"a":{"b":{"c":[1,[2]]}}}'), 5)).toBe(false);
    expect(exceedsJsonDepth(bytes('{"a":{"b":{"c":[1,[2]]}}}'), 4)).toBe(true);
    expect(exceedsJsonDepth(bytes('{"a":{"b":[[[[{}]]]]}}'), 6)).toBe(true);
  });

  it('measures the deepest point, not the number of siblings', () => {
    const wide = `[${Array.from({ length: 10_000 }, () => '[1]').join(',')}]`;
    expect(exceedsJsonDepth(bytes(wide), 2)).toBe(false);
    expect(exceedsJsonDepth(bytes(wide), 1)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes and backslashes included', () => {
    expect(exceedsJsonDepth(bytes(JSON.stringify({ m: '[[[[[[[[{{{{{{' })), 1)).toBe(false);
    expect(exceedsJsonDepth(bytes(JSON.stringify({ m: 'say \\"[[[[" \\\\ and "{{{{"' })), 1)).toBe(false);
    expect(exceedsJsonDepth(bytes('["\\\\", [[]]]'), 2)).toBe(true); // the string ends after the escaped backslash
    expect(exceedsJsonDepth(bytes(JSON.stringify(['é🙂[[[[', { x: '«{{{»' }])), 2)).toBe(false);
  });

  it('refuses 100,000 levels quickly and without recursion', () => {
    const hostile = bytes('['.repeat(100_000));
    const t0 = performance.now();
    expect(exceedsJsonDepth(hostile)).toBe(true);
    expect(exceedsJsonDepth(bytes(`{"a":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_001)}`))).toBe(true);
    expect(performance.now() - t0).toBeLessThan(200);
  });

  it('leaves shallow invalid text to JSON.parse (stray closers do not go negative)', () => {
    expect(exceedsJsonDepth(bytes(']]]]]][[['), 3)).toBe(false);
    expect(exceedsJsonDepth(bytes('"unterminated [[[[['), 1)).toBe(false);
    expect(exceedsJsonDepth(bytes(''), 0)).toBe(false);
    expect(exceedsJsonDepth(bytes('12'), 0)).toBe(false);
    expect(exceedsJsonDepth(bytes('[]'), 0)).toBe(true);
  });
});
