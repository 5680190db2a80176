import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { blockStartOfDate, blockStartOfId, inBlocksOfDispatches, inIdRange } from './recipient-blocks';

const render = (q: ReturnType<typeof sql>) => new PgDialect().sqlToQuery(q);
const BLOCK = 2 ** 40;

describe('recipient id bounds given as parameters (D24)', () => {
  it('a set of ids: from the lowest to the highest, inclusive', () => {
    expect(render(inIdRange(sql`id`, [5 * BLOCK + 9, 5 * BLOCK + 3, 6 * BLOCK]))).toMatchObject({ sql: 'id between $1::bigint and $2::bigint', params: [5 * BLOCK + 3, 6 * BLOCK] });
  });

  it("dispatches: from the lowest first id to the end of the block after the highest one's", () => {
    expect(render(inBlocksOfDispatches(sql`id`, [323 * BLOCK + 5]))).toMatchObject({ sql: '(id >= $1::bigint and id < $2::bigint)', params: [323 * BLOCK + 5, 325 * BLOCK] });
    expect(render(inBlocksOfDispatches(sql`id`, [324 * BLOCK - 1, 323 * BLOCK]))).toMatchObject({ sql: '(id >= $1::bigint and id < $2::bigint)', params: [323 * BLOCK, 325 * BLOCK] });
  });

  it('a dispatch from before the partitioning (no first id) starts the range at 0', () => {
    expect(render(inBlocksOfDispatches(sql`id`, [null, 323 * BLOCK + 5])).params).toEqual([0, 325 * BLOCK]);
  });

  it('nothing given: false', () => {
    expect(render(inIdRange(sql`id`, [])).sql).toBe('false');
    expect(render(inBlocksOfDispatches(sql`id`, [])).sql).toBe('false');
  });

  it("an instant's block starts at its UTC month's first id (recipient_id_month's inverse)", () => {
    expect(blockStartOfDate(new Date('2026-12-02T10:00:00Z'))).toBe(323 * BLOCK);
    expect(blockStartOfDate(new Date('2000-01-01T00:00:00Z'))).toBe(0);
    expect(blockStartOfDate(new Date('2026-12-31T23:30:00-01:00'))).toBe(324 * BLOCK); // (January 2027 in UTC)
  });

  it("an id's block starts at the first id of its month's block", () => {
    expect(blockStartOfId(323 * BLOCK + 123_456)).toBe(323 * BLOCK);
    expect(blockStartOfId(323 * BLOCK)).toBe(323 * BLOCK);
    expect(blockStartOfId(324 * BLOCK - 1)).toBe(323 * BLOCK);
    expect(blockStartOfId(17)).toBe(0);
  });
});
