/**
 * Like Promise.all, but waits for every promise to settle before rejecting
 * with the first error. For statements pipelined inside one transaction: a
 * function that goes on issuing statements after its first one must not find
 * the transaction already rolled back under it because a sibling failed.
 */
export async function allSettledOrThrow<T extends readonly unknown[]>(promises: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(promises);
  for (const s of settled) if (s.status === 'rejected') throw s.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
