import { describe, expect, it } from 'vitest';
import { allSettledOrThrow } from './settle';

describe('allSettledOrThrow', () => {
  it('returns every value in order', async () => {
    expect(await allSettledOrThrow([Promise.resolve(1), Promise.resolve('a')])).toEqual([1, 'a']);
  });

  it('rejects with the first error only once every promise has settled', async () => {
    const done: string[] = [];
    const slow = new Promise<string>((r) => setTimeout(() => (done.push('slow'), r('slow')), 30));
    const failing = Promise.reject(new Error('first')).catch((e) => {
      done.push('failed');
      throw e;
    });
    const later = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('second')), 10));
    await expect(allSettledOrThrow([failing, slow, later])).rejects.toThrow('first');
    expect(done).toEqual(['failed', 'slow']);
  });
});
