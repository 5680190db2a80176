import { describe, expect, test } from 'vitest';
import { ApiError } from '@/shared/errors/api-error';
import { BAD_CURSOR_MESSAGE, decodeCursor, encodeCursor, idCursor, isBadCursor, readIdKey, readTimeKey, takePage, timeKeyCursor } from './keyset';

const b64 = (text: string) => Buffer.from(text).toString('base64url');

/** The one answer to a cursor that cannot be read. */
function refusal(f: () => unknown): ApiError {
  try {
    f();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('not refused');
}

describe('keyset cursors', () => {
  test.each([
    ['2026-11-26 10:00:00.123456+00', 'msg_a'],
    ['2026-11-26T10:00:00Z', 'org_b'],
    ['2026-11-26 10:00:00+01:30', '+243810000001'],
    ['2028-02-29 23:59:59.999999-05', 'msg_c'],
    ['0001-01-01 00:00:00Z', 'msg_d'],
  ])('a time key (%s, %s) reads back as it was written', (ts, id) => {
    expect(readTimeKey(timeKeyCursor(ts, id))).toEqual({ ts, id });
  });

  test.each([0, 1, 42, Number.MAX_SAFE_INTEGER])('an id key %d reads back as it was written', (id) => {
    expect(readIdKey(idCursor(id))).toBe(id);
  });

  test('one format: base64url of the key as a JSON array', () => {
    expect(timeKeyCursor('2026-11-26 10:00:00+00', 'msg_a')).toBe(b64('["2026-11-26 10:00:00+00","msg_a"]'));
    expect(idCursor(7)).toBe(b64('[7]'));
    expect(encodeCursor(['x', 1, null])).toBe(b64('["x",1,null]'));
  });

  test('cursors already given keep working: the time keys of every list, and r:<id> of GET /messages/{id}/recipients', () => {
    expect(readTimeKey(b64(JSON.stringify(['2026-11-26 10:00:00.5+00', 'msg_x'])))).toEqual({ ts: '2026-11-26 10:00:00.5+00', id: 'msg_x' });
    expect(readIdKey(b64('r:123'))).toBe(123);
  });

  test.each([
    ['not base64 JSON', 'not-a-cursor'],
    ['a check mark', '✓'],
    ['empty', ''],
    ['JSON, not an array', b64('{"ts":"2026-11-26 10:00:00+00","id":"x"}')],
    ['a bad instant', b64('["yesterday","msg_a"]')],
    ['a month 13', b64('["2026-13-01 10:00:00+00","msg_a"]')],
    ['a 31st of February', b64('["2026-02-31 10:00:00+00","msg_a"]')],
    ['a 29th of February outside a leap year', b64('["2026-02-29 10:00:00+00","msg_a"]')],
    ['the year 0', b64('["0000-01-01 10:00:00+00","msg_a"]')],
    ['an hour 25', b64('["2026-11-26 25:00:00+00","msg_a"]')],
    ['a minute 60', b64('["2026-11-26 10:60:00+00","msg_a"]')],
    ['an offset of 16 hours', b64('["2026-11-26 10:00:00+16","msg_a"]')],
    ['a number for the id', b64('["2026-11-26 10:00:00+00",1]')],
    ['an id over 64 characters', b64(JSON.stringify(['2026-11-26 10:00:00+00', 'x'.repeat(65)]))],
    ['too few parts', b64('["2026-11-26 10:00:00+00"]')],
    ["the merchants list's old iso|id", b64('2026-11-26T10:00:00.000Z|org_a')],
  ])('a time key cursor that is %s: 400, 1110, naming cursor', (_, cursor) => {
    const e = refusal(() => readTimeKey(cursor));
    expect([e.errorName, e.options.errors]).toEqual(['INVALID_FIELD_FORMAT', [{ field: 'cursor', message: BAD_CURSOR_MESSAGE }]]);
    expect(isBadCursor(e)).toBe(true);
  });

  test.each([
    ['a negative id', b64('[-1]')],
    ['a fraction', b64('[1.5]')],
    ['a text id', b64('["7"]')],
    ['r: without digits', b64('r:')],
    ['a time key', timeKeyCursor('2026-11-26 10:00:00+00', 'msg_a')],
  ])('an id cursor that is %s is refused the same way', (_, cursor) => {
    expect(refusal(() => readIdKey(cursor)).options.errors).toEqual([{ field: 'cursor', message: BAD_CURSOR_MESSAGE }]);
  });

  test('a list key of its own reads through decodeCursor, refused the same way when `read` declines', () => {
    const read = ([n]: unknown[]) => (n === 'ok' ? n : undefined);
    expect(decodeCursor(encodeCursor(['ok']), read)).toBe('ok');
    expect(refusal(() => decodeCursor(encodeCursor(['no']), read)).options.errors?.[0].field).toBe('cursor');
  });

  test('isBadCursor: the answer itself, or wrapped as a procedure wraps it; no other error', () => {
    const e = refusal(() => readTimeKey('x'));
    expect(isBadCursor(new Error('wrapped', { cause: e }))).toBe(true);
    expect(isBadCursor(new ApiError('NOT_FOUND'))).toBe(false);
    expect(isBadCursor(null)).toBe(false);
  });
});

describe('takePage', () => {
  test.each([
    [[], 2, [], false],
    [[1], 2, [1], false],
    [[1, 2], 2, [1, 2], false],
    [[1, 2, 3], 2, [1, 2], true],
  ])('%j with limit %d: shows %j, more: %s', (rows, limit, shown, more) => {
    expect(takePage(rows, limit)).toEqual({ shown, last: shown.at(-1), more });
  });
});
