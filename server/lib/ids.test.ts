import { describe, expect, it } from 'vitest';
import { newId, randomBase62 } from './ids';

describe('ids', () => {
  it('newId: the prefix and 22 base62 characters, distinct across several refills of its 4 KB byte pool', () => {
    // 1,000 ids draw about 24,000 bytes (22 characters, 248 of 256 byte values kept): six refills.
    const ids = Array.from({ length: 1000 }, () => newId('msg'));
    for (const id of ids) expect(id).toMatch(/^msg_[0-9A-Za-z]{22}$/);
    expect(new Set(ids).size).toBe(1000);
  });

  it('randomBase62: exactly the asked length of base62', () => {
    expect(randomBase62(40)).toMatch(/^[0-9A-Za-z]{40}$/);
  });
});
